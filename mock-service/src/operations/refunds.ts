import type { Refund, RefundRequest } from "../../contract";
import { ApiError, notFound } from "../http/api-error";
import { newId } from "../domain/ids";
import { isoNow } from "../domain/time";
import { findPayment, type PaymentRow } from "../store/payments";
import { addRefundedAmount, insertRefund, listRefunds } from "../store/refunds";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import type { Merchant } from "./merchants";
import { presentRefund, presentStoredPayment } from "./payments";

async function refundablePayment(ctx: Ctx, merchant: Merchant, paymentId: string): Promise<PaymentRow> {
  const row = await findPayment(ctx.db, merchant.id, paymentId);
  if (!row) throw notFound("payment");
  // Paid at an ATM or in home banking, a reference leaves no account to send money back to.
  if (row.kind === "reference") {
    throw new ApiError(
      409,
      "refund_not_supported",
      "Multibanco payments cannot be refunded: a refund needs the payer's IBAN; refund it outside the sandbox",
    );
  }
  if (row.state !== "confirmed") {
    throw new ApiError(
      409,
      "payment_not_refundable",
      `this payment is ${row.state}: only confirmed payments can be refunded`,
    );
  }
  return row;
}

function exceedsRefundable(remaining: number): ApiError {
  const message = remaining === 0 ? "nothing is left to refund" : `must be at most ${remaining}`;
  return new ApiError(
    400,
    "amount_exceeds_refundable",
    `the refund is more than remains to refund: amount ${message}`,
    [{ path: "amount", message }],
  );
}

/** Refunds part or all of what remains of a confirmed card or MB WAY payment, and emits `payment.refunded`. */
export async function refundPayment(
  ctx: Ctx,
  merchant: Merchant,
  paymentId: string,
  input: RefundRequest,
): Promise<Refund> {
  const row = await refundablePayment(ctx, merchant, paymentId);
  const remaining = row.amount - row.amount_refunded;
  const amount = input.amount ?? remaining;
  if (amount < 1 || amount > remaining) throw exceedsRefundable(remaining);
  const now = isoNow();
  const refund = {
    id: newId("re"),
    merchant_id: merchant.id,
    payment_id: row.id,
    amount,
    reason: input.reason ?? null,
    created_at: now,
  };
  const done = await ctx.db.transaction().execute(async (tx) => {
    // Checked again where it is written: a concurrent refund may have taken what remained.
    if (!(await addRefundedAmount(tx, row.id, amount, now))) return false;
    await insertRefund(tx, refund);
    const after = await findPayment(tx, merchant.id, row.id);
    if (!after) return false;
    await emitEvent(tx, merchant, {
      type: "payment.refunded",
      data: await presentStoredPayment(tx, after),
      paymentId: row.id,
      checkoutId: row.checkout_id ?? undefined,
      callbackUrl: row.callback_url,
    });
    return true;
  });
  if (!done) {
    const now = await findPayment(ctx.db, merchant.id, row.id);
    throw exceedsRefundable(now ? now.amount - now.amount_refunded : 0);
  }
  ctx.notify();
  return presentRefund({ ...refund, seq: 0 });
}

export async function listPaymentRefunds(ctx: Ctx, merchant: Merchant, paymentId: string): Promise<Refund[]> {
  const row = await findPayment(ctx.db, merchant.id, paymentId);
  if (!row) throw notFound("payment");
  return (await listRefunds(ctx.db, merchant.id, row.id)).map(presentRefund);
}
