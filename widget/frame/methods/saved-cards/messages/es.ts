import type { SavedCardMessages } from "../../../i18n/messages";

export const es: SavedCardMessages = {
  savedCards: "Tarjetas guardadas",
  savedCardExpiry: "Caduca {date}",
  useAnotherCard: "Usar otra tarjeta",
  useSavedCard: "Usar una tarjeta guardada",
};
