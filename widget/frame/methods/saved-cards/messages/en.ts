import type { SavedCardMessages } from "../../../i18n/messages";

export const en: SavedCardMessages = {
  savedCards: "Saved cards",
  savedCardExpiry: "Expires {date}",
  useAnotherCard: "Use another card",
  useSavedCard: "Use a saved card",
};
