import { describe, expect, it } from "vitest";
import { checkoutAsOf, paymentAsOf } from "./expiry";

const end = Date.parse("2026-11-23T10:00:00.000Z");

describe("paymentAsOf", () => {
  const pending = { state: "pending", valid_end_ms: end, updated_at: "2026-11-22T10:00:00.000+00:00" };

  it("reads a pending payment expired from the end of its validity, dated then", () => {
    expect(paymentAsOf(pending, end - 1)).toBe(pending);
    expect(paymentAsOf(pending, end)).toEqual({
      state: "expired",
      valid_end_ms: end,
      updated_at: "2026-11-23T10:00:00.000+00:00",
    });
  });

  it("leaves alone a payment that is not pending or has no end", () => {
    const confirmed = { ...pending, state: "confirmed" };
    expect(paymentAsOf(confirmed, end + 1)).toBe(confirmed);
    const endless = { ...pending, valid_end_ms: null };
    expect(paymentAsOf(endless, end + 1)).toBe(endless);
  });
});

describe("checkoutAsOf", () => {
  const open = {
    state: "PaymentReady",
    state_at: "2026-11-23T09:30:00.000+00:00",
    expires_ms: end,
    reason: "card_declined",
    result: null,
    attempts: 1,
    mbway_phone: "351#912345678",
    mbway_expires_ms: end + 60_000,
    voucher: null,
  };

  it("reads an open checkout Expired from the end of its lifetime, with the MB WAY wait ended", () => {
    expect(checkoutAsOf(open, end - 1)).toBe(open);
    expect(checkoutAsOf(open, end)).toEqual({
      ...open,
      state: "Expired",
      state_at: "2026-11-23T10:00:00.000+00:00",
      reason: null,
      mbway_phone: null,
      mbway_expires_ms: null,
    });
  });

  it("reads a Pending checkout Expired from the end of its Multibanco voucher, whatever its lifetime", () => {
    const pending = {
      ...open,
      state: "Pending",
      reason: null,
      mbway_phone: null,
      mbway_expires_ms: null,
      voucher: JSON.stringify({ expiresAt: "2026-11-26T10:00:00.000+00:00" }),
    };
    const voucherEnd = Date.parse("2026-11-26T10:00:00.000+00:00");
    expect(checkoutAsOf(pending, end + 1)).toBe(pending);
    expect(checkoutAsOf(pending, voucherEnd)).toMatchObject({
      state: "Expired",
      state_at: "2026-11-26T10:00:00.000+00:00",
    });
  });

  it("leaves a final checkout as it is", () => {
    const paid = { ...open, state: "Success" };
    expect(checkoutAsOf(paid, end + 1)).toBe(paid);
  });
});
