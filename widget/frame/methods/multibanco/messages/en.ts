import type { MultibancoMessages } from "../../../i18n/messages";

export const en: MultibancoMessages = {
  multibancoIntro: "Pay at a Multibanco ATM or in your bank's app with a payment reference.",
  multibancoGet: "Get the Multibanco reference",
  voucherTitle: "Multibanco payment details",
  entity: "Entity",
  reference: "Reference",
  amount: "Amount",
  payBy: "Pay by",
  copyValue: "Copy {what}",
  copy: "Copy",
  copied: "Copied",
  print: "Print",
  continue: "Continue",
};
