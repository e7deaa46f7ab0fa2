import type { PaymentMethod } from "../method";

/**
 * The card tab for a customer with saved cards (one-click: the saved card's security code only). Its
 * code is a chunk of its own, downloaded only by a checkout that lists saved cards.
 */
export const savedCards: PaymentMethod = {
  code: "CC",
  labelKey: "methodCard",
  titleKey: "title",
  offers: (checkout) => (checkout.savedCards?.length ?? 0) > 0,
  resumes: (checkout) => !!checkout.challenge,
  load: () => import("./SavedCardsMethod").then((module) => module.SavedCardsMethod),
};
