import type { FrameCheckout, PaymentOutcome } from "@contract/frame";

/** A final checkout, as the outcome the app shows and redirects after (like a card payment's). */
export function outcomeOf(checkout: FrameCheckout): PaymentOutcome {
  return {
    state: checkout.state,
    approved: checkout.state === "Success",
    reason: checkout.reason,
    attemptsLeft: checkout.attemptsLeft,
    redirectUrl: checkout.redirectUrl,
  };
}

/**
 * Whether an outcome is a decline the merchant's page hears of (`checkout:error`): a final one, or one
 * that leaves attempts. Not a challenge asked for, a voucher left to pay (Pending), nor an expiry.
 */
export function isDecline(outcome: PaymentOutcome): boolean {
  if (outcome.approved || outcome.challenge) return false;
  return outcome.state === "Declined" || (outcome.state === "PaymentReady" && !!outcome.reason);
}
