import type { DeclineReason } from "../../contract";
import { storedChargeDecline, TEST_CARDS } from "./test-cards";

/** How the sandbox issuer treats a card: now, and in later payments once it is saved. */
export interface IssuerProfile {
  /** 3-D Secure on every payment: a challenge, or authenticated without one. */
  threeDS: "challenge" | "frictionless" | null;
  /**
   * How the issuer declines merchant-initiated charges of the saved card (the shopper absent):
   * `authentication_required` for a challenge card, or the card's own reason (0341).
   */
  storedDeclineReason: DeclineReason | null;
}

/** What the issuer does with one payment attempt. */
export type IssuerDecision =
  | { kind: "approve" }
  | { kind: "decline"; reason: DeclineReason }
  /** Authenticate the shopper first; `then` is the answer once the challenge is completed. */
  | { kind: "challenge"; then: { approved: true } | { approved: false; reason: DeclineReason } };

/** The answer to a card number typed in; any number that is not a test card is declined with a hint. */
export function decideNewCard(number: string): IssuerDecision {
  const card = TEST_CARDS[number];
  if (!card) return { kind: "decline", reason: "not_a_test_card" };
  const answer = card.approved
    ? { approved: true as const }
    : { approved: false as const, reason: card.reason ?? "card_declined" };
  if (card.threeDS === "challenge") return { kind: "challenge", then: answer };
  return answer.approved ? { kind: "approve" } : { kind: "decline", reason: answer.reason };
}

/** The profile a card keeps when it is saved: its behaviour, never its number. */
export function profileOf(number: string): IssuerProfile {
  const card = TEST_CARDS[number];
  return { threeDS: card?.threeDS ?? null, storedDeclineReason: storedChargeDecline(number) ?? null };
}

/**
 * The answer to a one-click payment with a saved card, the shopper present: a card saved from a
 * challenge card asks for the challenge again (the authentication it requires is possible here).
 */
export function decideSavedCard(profile: IssuerProfile): IssuerDecision {
  const decline =
    profile.storedDeclineReason === "authentication_required" ? null : profile.storedDeclineReason;
  if (decline) return { kind: "decline", reason: decline };
  if (profile.threeDS === "challenge") return { kind: "challenge", then: { approved: true } };
  return { kind: "approve" };
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(expiryMonth: string, expiryYear: string, now = new Date()): boolean {
  const year = Number(expiryYear);
  const month = Number(expiryMonth);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}
