/** A checkout's states; plain data (no zod) so that the frame can import it. */
/** `Pending`: the shopper chose an asynchronous method (a Multibanco voucher) that is not paid yet. */
export const CHECKOUT_STATES = ["PaymentReady", "Pending", "Success", "Declined", "Expired"] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** States after which a checkout never changes again. */
export function isFinalCheckoutState(state: CheckoutState): boolean {
  return state === "Success" || state === "Declined" || state === "Expired";
}
