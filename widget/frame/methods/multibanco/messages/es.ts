import type { MultibancoMessages } from "../../../i18n/messages";

export const es: MultibancoMessages = {
  multibancoIntro: "Pague en un cajero Multibanco o en la app de su banco con una referencia de pago.",
  multibancoGet: "Obtener la referencia Multibanco",
  voucherTitle: "Datos de pago Multibanco",
  entity: "Entidad",
  reference: "Referencia",
  amount: "Importe",
  payBy: "Pagar antes de",
  copyValue: "Copiar {what}",
  copy: "Copiar",
  copied: "Copiado",
  print: "Imprimir",
  continue: "Continuar",
};
