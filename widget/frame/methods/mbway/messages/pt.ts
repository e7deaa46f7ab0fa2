import type { MbwayMessages } from "../../../i18n/messages";

export const pt: MbwayMessages = {
  countryCode: "Indicativo do país",
  phone: "Número de telemóvel",
  phoneHint: "Número de telemóvel, p. ex. {example}",
  phoneRequired: "Indique o seu número de telemóvel.",
  phoneInvalid: "Indique um número de telemóvel válido para este país.",
  countryInvalid: "Escolha o indicativo do país.",
  mbwaySaveNotice: "O seu número MB WAY será guardado para pagamentos futuros.",
  awaitTitle: "Aprove o pagamento na app MB WAY",
  awaitText: "Abra a app MB WAY no seu telemóvel e aprove o pagamento de {amount}.",
  sentTo: "Pedido enviado para {phone}.",
  timeLeft: "Tempo restante para aprovar: {time}",
  cancel: "Cancelar",
  cancelled: "O pedido MB WAY foi cancelado.",
};
