import type { DeclineReason } from "../../contract";

/** Sandbox card outcomes by number; any other valid number is declined with a hint (`not_a_test_card`). */
export const TEST_CARDS: Record<string, { approved: boolean; reason?: DeclineReason; description: string }> =
  {
    "4242424242424242": { approved: true, description: "Visa, succeeds" },
    "5555555555554444": { approved: true, description: "Mastercard, succeeds" },
    "4000000000000002": { approved: false, reason: "card_declined", description: "declined" },
    "4000000000009995": { approved: false, reason: "insufficient_funds", description: "insufficient funds" },
    "4000000000000069": { approved: false, reason: "expired_card", description: "expired card" },
  };

export function cardOutcome(number: string): { approved: boolean; reason?: DeclineReason } {
  const card = TEST_CARDS[number];
  if (!card) return { approved: false, reason: "not_a_test_card" };
  return card.reason ? { approved: card.approved, reason: card.reason } : { approved: card.approved };
}
