import type { SavedCardMessages } from "../../../i18n/messages";

export const de: SavedCardMessages = {
  savedCards: "Gespeicherte Karten",
  savedCardExpiry: "Gültig bis {date}",
  useAnotherCard: "Andere Karte verwenden",
  useSavedCard: "Gespeicherte Karte verwenden",
};
