import { asCheckout, type CheckoutClient, type CheckoutResult } from "../../api/frame-api";

/** The checkout's voucher: created the first time, the same one on every later call (a reload). */
export function requestVoucher(client: CheckoutClient): Promise<CheckoutResult> {
  return client.send("/multibanco-voucher", asCheckout, { method: "PUT" });
}
