import type { MultibancoMessages } from "../../../i18n/messages";

export const fr: MultibancoMessages = {
  multibancoIntro:
    "Payez à un distributeur Multibanco ou dans l’app de votre banque avec une référence de paiement.",
  multibancoGet: "Obtenir la référence Multibanco",
  voucherTitle: "Coordonnées de paiement Multibanco",
  entity: "Entité",
  reference: "Référence",
  amount: "Montant",
  payBy: "Payer avant le",
  copyValue: "Copier {what}",
  copy: "Copier",
  copied: "Copié",
  print: "Imprimer",
  continue: "Continuer",
};
