import { isoTimestamp } from "./time";

/**
 * What a payment or checkout reads as at `nowMs`: past the end of its validity or lifetime it is
 * expired, whether or not the expiry sweep has recorded that yet. The sweep records exactly this
 * (state and time), so a read before the sweep and a read after it show the same thing, and the
 * event the sweep sends carries it too.
 */

/** A pending payment past `valid_end_ms` (a reference's validDate.end, a checkout's lifetime) is expired since then. */
export function paymentAsOf<P extends { state: string; valid_end_ms: number | null; updated_at: string }>(
  payment: P,
  nowMs: number,
): P {
  if (payment.state !== "pending" || payment.valid_end_ms === null || payment.valid_end_ms > nowMs) {
    return payment;
  }
  return { ...payment, state: "expired", updated_at: isoTimestamp(payment.valid_end_ms) };
}

/** When a checkout's Multibanco voucher stops being payable (its JSON column), if it has one. */
function voucherEndMs(voucher: string | null): number | undefined {
  if (voucher === null) return undefined;
  return Date.parse((JSON.parse(voucher) as { expiresAt: string }).expiresAt);
}

/**
 * An open checkout past its lifetime is Expired since `expires_ms`, with any MB WAY wait ended; a
 * Pending one (a Multibanco voucher shown) is Expired since its voucher's end, whatever its lifetime.
 */
export function checkoutAsOf<
  C extends {
    state: string;
    state_at: string;
    expires_ms: number;
    reason: string | null;
    result: unknown;
    mbway_phone: string | null;
    mbway_expires_ms: number | null;
    voucher: string | null;
  },
>(checkout: C, nowMs: number): C {
  const endMs =
    checkout.state === "PaymentReady"
      ? checkout.expires_ms
      : checkout.state === "Pending"
        ? voucherEndMs(checkout.voucher)
        : undefined;
  if (endMs === undefined || endMs > nowMs) return checkout;
  return {
    ...checkout,
    state: "Expired",
    state_at: isoTimestamp(endMs),
    reason: null,
    result: null,
    mbway_phone: null,
    mbway_expires_ms: null,
  };
}
