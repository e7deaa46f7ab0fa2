import type { SavedCardMessages } from "../../../i18n/messages";

export const fr: SavedCardMessages = {
  savedCards: "Cartes enregistrées",
  savedCardExpiry: "Expire {date}",
  useAnotherCard: "Utiliser une autre carte",
  useSavedCard: "Utiliser une carte enregistrée",
};
