import type { SavedCardMessages } from "../../../i18n/messages";

export const pt: SavedCardMessages = {
  savedCards: "Cartões guardados",
  savedCardExpiry: "Validade {date}",
  useAnotherCard: "Usar outro cartão",
  useSavedCard: "Usar um cartão guardado",
};
