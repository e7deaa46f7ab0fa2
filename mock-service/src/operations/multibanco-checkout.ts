import type { FrameCheckout, MultibancoVoucher } from "../../contract";
import { ConflictError, NotFoundError } from "../http/api-error";
import { isoTimestamp } from "../domain/time";
import { type CheckoutRow, findCheckout } from "../store/checkouts";
import type { Db } from "../store/db";
import { findMerchantById } from "../store/merchants";
import { findPayment, transitionPayment } from "../store/payments";
import { changeCheckout, presentCheckoutStatus } from "./checkouts";
import type { CheckoutResult } from "../store/checkouts";
import { type AfterCommit, inTransaction } from "./transaction";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import { frameCheckoutOf, loadOpenableCheckout } from "./frame";
import type { Merchant } from "./merchants";
import { recordAttempt } from "./payment-attempts";
import { allocateReference, expireReference } from "./payments";

export function voucherOf(row: CheckoutRow): MultibancoVoucher | undefined {
  return row.voucher ? (JSON.parse(row.voucher) as MultibancoVoucher) : undefined;
}

/**
 * The shopper chose Multibanco: the checkout's payment becomes a reference like those of
 * `POST /payments/references` (same check digits, simulator and notifications) and the checkout
 * waits for it (`Pending`). Asking again returns the same voucher, never a second reference.
 */
export async function requestMultibancoVoucher(ctx: Ctx, id: string): Promise<FrameCheckout> {
  const row = await loadOpenableCheckout(ctx, id);
  if (row.voucher) return frameCheckoutOf(ctx, row);
  const methods = row.payment_methods;
  if (!methods.includes("MB"))
    throw new ConflictError("method_not_offered", "this checkout does not take Multibanco");
  if (row.state !== "PaymentReady") {
    throw new ConflictError("checkout_closed", `this checkout is ${row.state} and takes no more payments`);
  }
  if (row.mbway_phone !== null)
    throw new ConflictError("payment_in_progress", "an MB WAY payment is waiting for approval");
  if (row.challenge_expires_ms !== null)
    throw new ConflictError("payment_in_progress", "a card payment waits for 3-D Secure authentication");
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) throw new NotFoundError("checkout");

  const nowMs = Date.now();
  const now = isoTimestamp(nowMs);
  const endMs = nowMs + ctx.config.MULTIBANCO_CHECKOUT_VALIDITY_MS;
  const next = await inTransaction(ctx, async (tx, after) => {
    const reference = await allocateReference(tx, merchant, row.amount);
    const voucher: MultibancoVoucher = {
      entity: merchant.entity,
      reference,
      amount: row.amount,
      expiresAt: isoTimestamp(endMs),
    };
    const changes = {
      state: "Pending" as const,
      state_at: now,
      reason: null,
      voucher: JSON.stringify(voucher),
    };
    if (!(await changeCheckout(tx, after, row, changes))) return undefined;
    await recordAttempt(tx, row, [{ method: "multibanco", outcome: "voucherIssued" }], now);
    await transitionPayment(tx, row.payment_id, "pending", {
      entity: merchant.entity,
      reference,
      valid_start: now,
      valid_end: voucher.expiresAt,
      valid_end_ms: endMs,
      available_methods: JSON.stringify(["MB"]),
      updated_at: now,
    });
    return { ...row, ...changes };
  });
  if (!next)
    throw new ConflictError("payment_in_progress", "another payment of this checkout is in progress");
  return frameCheckoutOf(ctx, next);
}

/**
 * Inside the transaction that confirms or expires a checkout's reference: the checkout follows
 * (`Pending` → `Success` or `Expired`) and the merchant is told as for any checkout.
 */
export async function settleVoucherCheckout(
  ctx: Ctx,
  tx: Db,
  after: AfterCommit,
  merchant: Merchant,
  checkoutId: string,
  outcome: { state: "Success"; result: CheckoutResult } | { state: "Expired" },
): Promise<void> {
  const row = await findCheckout(tx, merchant.id, checkoutId);
  if (!row || row.state !== "Pending") return;
  const now = isoTimestamp();
  const changes = {
    state: outcome.state,
    state_at: now,
    result: "result" in outcome ? outcome.result : null,
  };
  if (!(await changeCheckout(tx, after, row, changes))) return;
  await emitEvent(tx, after, merchant, {
    type: outcome.state === "Success" ? "checkout.completed" : "checkout.failed",
    data: presentCheckoutStatus({ ...row, ...changes }, ctx.config.PUBLIC_URL),
    paymentId: row.payment_id,
    checkoutId: row.id,
  });
}

/** A Pending checkout whose voucher can no longer be paid expires with its reference. */
export async function expireVoucherIfDue(ctx: Ctx, row: CheckoutRow, nowMs: number): Promise<CheckoutRow> {
  const voucher = voucherOf(row);
  if (!voucher || Date.parse(voucher.expiresAt) > nowMs) return row;
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  const payment = merchant && (await findPayment(ctx.db, merchant.id, row.payment_id));
  if (!merchant || payment?.state !== "pending") return row;
  await expireReference(ctx, merchant, payment);
  return (await findCheckout(ctx.db, row.merchant_id, row.id)) ?? row;
}
