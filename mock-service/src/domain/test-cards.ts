import type { DeclineReason } from "../../contract";

/** How a sandbox test card behaves; the numbers follow Stripe's so integrators' habits carry over. */
export interface TestCard {
  description: string;
  /** The issuer's answer once the shopper is authenticated (or when no authentication is asked). */
  approved: boolean;
  reason?: DeclineReason;
  /** 3-D Secure: the shopper must complete a challenge, or is authenticated without one. */
  threeDS?: "challenge" | "frictionless";
  /** Saving the card succeeds, but every later payment with the saved method is declined so. */
  storedDeclineReason?: DeclineReason;
}

/** Sandbox card outcomes by number; any other valid number is declined with a hint (`not_a_test_card`). */
export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": { approved: true, description: "Visa, succeeds" },
  "5555555555554444": { approved: true, description: "Mastercard, succeeds" },
  "4000000000000002": { approved: false, reason: "card_declined", description: "declined" },
  "4000000000009995": { approved: false, reason: "insufficient_funds", description: "insufficient funds" },
  "4000000000000069": { approved: false, reason: "expired_card", description: "expired card" },
  "4000000000000341": {
    approved: true,
    storedDeclineReason: "card_declined",
    description: "can be saved; every later payment with the saved card is declined",
  },
  "4000000000003220": {
    approved: true,
    threeDS: "challenge",
    description: "3-D Secure challenge; succeeds once completed",
  },
  "4000000000003055": {
    approved: true,
    threeDS: "frictionless",
    description: "3-D Secure without a challenge (frictionless); succeeds",
  },
  "4000008400001629": {
    approved: false,
    reason: "card_declined",
    threeDS: "challenge",
    description: "3-D Secure challenge; declined after it is completed",
  },
};

export function testCard(number: string): TestCard | undefined {
  return TEST_CARDS[number];
}

/** The issuer's answer to a card number, authentication aside. */
export function cardOutcome(number: string): { approved: boolean; reason?: DeclineReason } {
  const card = TEST_CARDS[number];
  if (!card) return { approved: false, reason: "not_a_test_card" };
  return card.reason ? { approved: card.approved, reason: card.reason } : { approved: card.approved };
}

/**
 * How a card saved from this number answers later merchant-initiated charges: declined for a reason,
 * or approved (undefined). A 3-D Secure challenge card needs the shopper, who is absent then.
 */
export function storedChargeDecline(number: string): DeclineReason | undefined {
  const card = TEST_CARDS[number];
  if (card?.storedDeclineReason) return card.storedDeclineReason;
  if (card?.threeDS === "challenge") return "authentication_required";
  return undefined;
}
