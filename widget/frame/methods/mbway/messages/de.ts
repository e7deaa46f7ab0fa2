import type { MbwayMessages } from "../../../i18n/messages";

export const de: MbwayMessages = {
  countryCode: "Ländervorwahl",
  phone: "Mobilnummer",
  phoneHint: "Mobilnummer, z. B. {example}",
  phoneRequired: "Geben Sie Ihre Mobilnummer ein.",
  phoneInvalid: "Geben Sie eine gültige Mobilnummer für dieses Land ein.",
  countryInvalid: "Wählen Sie die Ländervorwahl.",
  mbwaySaveNotice: "Ihre MB WAY-Nummer wird für künftige Zahlungen gespeichert.",
  awaitTitle: "Zahlung in MB WAY freigeben",
  awaitText: "Öffnen Sie die MB WAY-App auf Ihrem Handy und geben Sie die Zahlung über {amount} frei.",
  sentTo: "Anfrage gesendet an {phone}.",
  timeLeft: "Verbleibende Zeit zur Freigabe: {time}",
  cancel: "Abbrechen",
  cancelled: "Die MB WAY-Anfrage wurde abgebrochen.",
};
