import type { MbwayMessages } from "../../../i18n/messages";

export const fr: MbwayMessages = {
  countryCode: "Indicatif du pays",
  phone: "Numéro de mobile",
  phoneHint: "Numéro de mobile, p. ex. {example}",
  phoneRequired: "Saisissez votre numéro de mobile.",
  phoneInvalid: "Saisissez un numéro de mobile valide pour ce pays.",
  countryInvalid: "Choisissez l’indicatif du pays.",
  mbwaySaveNotice: "Votre numéro MB WAY sera enregistré pour vos prochains paiements.",
  awaitTitle: "Approuvez le paiement dans MB WAY",
  awaitText: "Ouvrez l’application MB WAY sur votre téléphone et approuvez le paiement de {amount}.",
  sentTo: "Demande envoyée au {phone}.",
  timeLeft: "Temps restant pour approuver : {time}",
  cancel: "Annuler",
  cancelled: "La demande MB WAY a été annulée.",
};
