import type { PaymentOutcome } from "@contract/frame";
import { describe, expect, it } from "vitest";
import { isDecline } from "./checkout-outcome";

const outcome = (fields: Partial<PaymentOutcome>): PaymentOutcome => ({
  state: "PaymentReady",
  approved: false,
  attemptsLeft: 2,
  ...fields,
});

describe("isDecline", () => {
  it("is a decline that leaves attempts, or a final one", () => {
    expect(isDecline(outcome({ reason: "card_declined" }))).toBe(true);
    expect(isDecline(outcome({ state: "Declined", reason: "insufficient_funds", attemptsLeft: 0 }))).toBe(
      true,
    );
  });

  it("is not a challenge asked for, a Multibanco voucher left to pay, an expiry or a payment", () => {
    const challenge = { url: "/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA", expiresAt: "2026-11-24T12:00:00Z" };
    expect(isDecline(outcome({ challenge }))).toBe(false);
    expect(isDecline(outcome({ state: "Pending" }))).toBe(false);
    expect(isDecline(outcome({ state: "Expired" }))).toBe(false);
    expect(isDecline(outcome({ state: "Success", approved: true }))).toBe(false);
  });
});
