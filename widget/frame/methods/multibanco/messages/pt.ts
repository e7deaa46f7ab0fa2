import type { MultibancoMessages } from "../../../i18n/messages";

export const pt: MultibancoMessages = {
  multibancoIntro: "Pague num caixa Multibanco ou na app do seu banco com uma referência de pagamento.",
  multibancoGet: "Obter a referência Multibanco",
  voucherTitle: "Dados de pagamento Multibanco",
  entity: "Entidade",
  reference: "Referência",
  amount: "Montante",
  payBy: "Pagar até",
  copyValue: "Copiar {what}",
  copy: "Copiar",
  copied: "Copiado",
  print: "Imprimir",
  continue: "Continuar",
};
