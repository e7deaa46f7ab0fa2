import type { FrameCheckout } from "@contract/frame";

/** For the frame's tests: an open card checkout of €5.00 in English, with `fields` on top. */
export function openCheckout(fields: Partial<FrameCheckout> = {}): FrameCheckout {
  return {
    id: "ck_AAAAAAAAAAAAAAAAAAAA",
    amount: 500,
    currency: "EUR",
    language: "EN",
    paymentMethods: ["CC"],
    createRegistration: false,
    state: "PaymentReady",
    attemptsLeft: 3,
    ...fields,
  };
}
