import type { Refund, RefundRequest } from "../../contract";
import { ConflictError, InvalidRequestError, NotFoundError } from "../http/api-error";
import { newId } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import { findPayment, type PaymentRow } from "../store/payments";
import { addRefundedAmount, insertRefund, listRefunds } from "../store/refunds";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import type { Merchant } from "./merchants";
import { presentRefund, presentStoredPayment } from "./payments";
import { inTransaction } from "./transaction";

/** A Multibanco reference, or a checkout paid through one (a voucher gives its payment a reference). */
export function isMultibanco(row: PaymentRow): boolean {
  return row.kind === "reference" || row.entity !== null;
}

async function refundablePayment(ctx: Ctx, merchant: Merchant, paymentId: string): Promise<PaymentRow> {
  const row = await findPayment(ctx.db, merchant.id, paymentId);
  if (!row) throw new NotFoundError("payment");
  // Paid at an ATM or in home banking, a reference (or a checkout's Multibanco voucher) leaves no
  // account to send money back to.
  if (isMultibanco(row)) {
    throw new ConflictError(
      "refund_not_supported",
      "Multibanco payments cannot be refunded: a refund needs the payer's IBAN; refund it outside the sandbox",
    );
  }
  if (row.state !== "confirmed") {
    throw new ConflictError(
      "payment_not_refundable",
      `this payment is ${row.state}: only confirmed payments can be refunded`,
    );
  }
  return row;
}

function exceedsRefundable(remaining: number): InvalidRequestError {
  const message = remaining === 0 ? "nothing is left to refund" : `must be at most ${remaining}`;
  return new InvalidRequestError(
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
  const now = isoTimestamp();
  const refund = {
    id: newId("re"),
    merchant_id: merchant.id,
    payment_id: row.id,
    amount,
    reason: input.reason ?? null,
    created_at: now,
  };
  const done = await inTransaction(ctx, async (tx, after) => {
    // Checked again where it is written: a concurrent refund may have taken what remained.
    if (!(await addRefundedAmount(tx, row.id, amount, now))) return false;
    await insertRefund(tx, refund);
    const refunded = await findPayment(tx, merchant.id, row.id);
    if (!refunded) return false;
    await emitEvent(tx, after, merchant, {
      type: "payment.refunded",
      data: await presentStoredPayment(tx, refunded),
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
  return presentRefund({ ...refund, seq: 0 });
}

export async function listPaymentRefunds(ctx: Ctx, merchant: Merchant, paymentId: string): Promise<Refund[]> {
  const row = await findPayment(ctx.db, merchant.id, paymentId);
  if (!row) throw new NotFoundError("payment");
  return (await listRefunds(ctx.db, merchant.id, row.id)).map(presentRefund);
}
