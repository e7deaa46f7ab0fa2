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
