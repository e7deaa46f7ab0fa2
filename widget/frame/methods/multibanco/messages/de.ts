import type { MultibancoMessages } from "../../../i18n/messages";

export const de: MultibancoMessages = {
  multibancoIntro:
    "Zahlen Sie an einem Multibanco-Automaten oder in der App Ihrer Bank mit einer Zahlungsreferenz.",
  multibancoGet: "Multibanco-Referenz anzeigen",
  voucherTitle: "Multibanco-Zahlungsdaten",
  entity: "Entität",
  reference: "Referenz",
  amount: "Betrag",
  payBy: "Zahlbar bis",
  copyValue: "{what} kopieren",
  copy: "Kopieren",
  copied: "Kopiert",
  print: "Drucken",
  continue: "Weiter",
};
