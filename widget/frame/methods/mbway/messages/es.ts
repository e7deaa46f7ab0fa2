import type { MbwayMessages } from "../../../i18n/messages";

export const es: MbwayMessages = {
  countryCode: "Prefijo del país",
  phone: "Número de móvil",
  phoneHint: "Número de móvil, p. ej. {example}",
  phoneRequired: "Introduce tu número de móvil.",
  phoneInvalid: "Introduce un número de móvil válido para este país.",
  countryInvalid: "Elige el prefijo del país.",
  mbwaySaveNotice: "Tu número MB WAY se guardará para pagos futuros.",
  awaitTitle: "Aprueba el pago en MB WAY",
  awaitText: "Abre la app MB WAY en tu móvil y aprueba el pago de {amount}.",
  sentTo: "Solicitud enviada al {phone}.",
  timeLeft: "Tiempo restante para aprobar: {time}",
  cancel: "Cancelar",
  cancelled: "Se ha cancelado la solicitud MB WAY.",
};
