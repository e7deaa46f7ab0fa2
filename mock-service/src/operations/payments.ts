import type { DeclineReason, Payment, ReferenceRequest } from "../../contract";
import {
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  UnavailableError,
  UnprocessableError,
} from "../http/api-error";
import { newId } from "../domain/ids";
import { makeReference, randomReferenceNumber, referenceMatches } from "../domain/multibanco";
import { paymentAsOf } from "../domain/expiry";
import { isoTimestamp } from "../domain/time";
import { type ChargeRow, findCharge } from "../store/charges";
import type { Db } from "../store/db";
import { findMerchantById } from "../store/merchants";
import {
  findExpiredPendingReferences,
  findPayment,
  findPaymentsByReferenceNumber,
  insertPayment,
  newReferencePayment,
  type PaymentMethod,
  type PaymentRow,
  referenceInUse,
  transitionPayment,
} from "../store/payments";
import { listRefunds, type RefundRow } from "../store/refunds";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import { settleVoucherCheckout } from "./multibanco-checkout";
import type { Merchant } from "./merchants";
import { inTransaction } from "./transaction";

const METHOD_NAMES: Record<PaymentMethod, string> = {
  MB: "Multibanco",
  CC: "Credit or debit card",
  MW: "MB WAY",
};

/** What a payment row alone does not hold: its refunds and, for a charge, the saved method charged. */
export interface PaymentExtras {
  refunds: RefundRow[];
  charge?: ChargeRow | undefined;
}

export function presentRefund(row: RefundRow) {
  return {
    id: row.id,
    paymentId: row.payment_id,
    amount: row.amount,
    ...(row.reason !== null && { reason: row.reason }),
    state: "succeeded" as const,
    createdAt: row.created_at,
  };
}

export function presentPayment(row: PaymentRow, extras: PaymentExtras = { refunds: [] }): Payment {
  const { charge } = extras;
  return {
    id: row.id,
    type: "payment",
    ...(row.entity !== null &&
      row.reference !== null && { referenceDetails: { entity: row.entity, reference: row.reference } }),
    stateDetails: {
      state: row.state,
      ...(row.state === "confirmed" && row.confirmed_at !== null && { createdAt: row.confirmed_at }),
      ...(row.registration_id !== null && { registrationId: row.registration_id }),
      ...(row.reason !== null && { reason: row.reason as DeclineReason }),
    },
    amount: row.amount,
    currency: "EUR",
    ...(row.code !== null && { code: row.code }),
    ...(row.summary !== null && { summary: row.summary }),
    amountRefunded: row.amount_refunded,
    refunds: extras.refunds.map(presentRefund),
    ...(charge && {
      customer: { uuid: charge.customer_uuid },
      paymentMethod: { uuid: charge.payment_method_uuid, code: charge.method_code },
    }),
    ...(row.checkout_id !== null && { checkoutId: row.checkout_id }),
    ...(row.callback_url !== null && { callbackUrl: row.callback_url }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.valid_start !== null &&
      row.valid_end !== null && { validDate: { start: row.valid_start, end: row.valid_end } }),
    availableMethods: row.available_methods.map((code) => ({
      code,
      type: "REALTIME" as const,
      name: METHOD_NAMES[code],
    })),
  };
}

/** A payment as `GET /payments/{id}` answers it, refunds and charged method included. */
export async function presentStoredPayment(db: Db, row: PaymentRow): Promise<Payment> {
  // amount_refunded grows in the transaction that writes each refund: at 0 there is none to read.
  const refunds = row.amount_refunded > 0 ? await listRefunds(db, row.merchant_id, row.id) : [];
  const charge = row.kind === "charge" ? await findCharge(db, row.merchant_id, row.id) : undefined;
  return presentPayment(row, { refunds, charge });
}

export async function createReference(
  ctx: Ctx,
  merchant: Merchant,
  input: ReferenceRequest,
): Promise<Payment> {
  // A reference that could never be paid is refused, not created pending and expired a moment later.
  if (Date.parse(input.validDate.end) <= Date.now())
    throw InvalidRequestError.field("validDate.end", "must be in the future");
  return ctx.db.transaction().execute(async (tx) => {
    const reference = await allocateReference(tx, merchant, input.amount);
    const now = isoTimestamp();
    const row = newReferencePayment({
      id: newId("pay"),
      merchantId: merchant.id,
      amount: input.amount,
      entity: merchant.entity,
      reference,
      callbackUrl: input.callbackUrl ?? null,
      validStart: input.validDate.start,
      validEnd: input.validDate.end,
      methods: input.availableMethods.map((m) => m.code),
      now,
    });
    await insertPayment(tx, row);
    return presentPayment(row);
  });
}

/** A free reference of the merchant's entity for this amount, with its MOD-97 check digits. */
export async function allocateReference(tx: Db, merchant: Merchant, amount: number): Promise<string> {
  // 10^7 numbers per merchant: a collision with an open reference is rare; retry a few times.
  for (let tries = 0; tries < 20; tries++) {
    const candidate = makeReference(merchant.entity, randomReferenceNumber(), amount);
    if (!(await referenceInUse(tx, merchant.id, candidate))) return candidate;
  }
  throw new UnavailableError("references_exhausted", "no free reference number, try again");
}

/**
 * Records that a pending reference expired and emits `payment.expired`, once: at validDate.end (as
 * reads show it) once that has passed, for the sweep and for a payment attempt that finds it due; or
 * at `atMs`, for the dashboard that ends one now.
 */
export async function expireReference(
  ctx: Ctx,
  merchant: Merchant,
  row: PaymentRow,
  atMs?: number,
): Promise<PaymentRow> {
  const next: PaymentRow =
    atMs === undefined
      ? paymentAsOf(row, Date.now())
      : { ...row, state: "expired", updated_at: isoTimestamp(atMs) };
  if (next === row) return row;
  await inTransaction(ctx, async (tx, after) => {
    const changes = { state: "expired" as const, updated_at: next.updated_at };
    if (!(await transitionPayment(tx, row.id, "pending", changes))) return;
    await emitEvent(tx, after, merchant, {
      type: "payment.expired",
      data: presentPayment(next),
      paymentId: row.id,
      callbackUrl: row.callback_url,
    });
    if (row.checkout_id)
      await settleVoucherCheckout(ctx, tx, after, merchant, row.checkout_id, { state: "Expired" });
  });
  return (await findPayment(ctx.db, merchant.id, row.id)) ?? row;
}

/** A read: a pending payment past its validity (or its checkout's lifetime) reads expired; the sweep records it. */
export async function getPayment(ctx: Ctx, merchant: Merchant, id: string): Promise<Payment> {
  const row = await findPayment(ctx.db, merchant.id, id);
  if (!row) throw new NotFoundError("payment");
  return presentStoredPayment(ctx.db, paymentAsOf(row, Date.now()));
}

/** The bank network confirming that a reference was paid at an ATM or in home banking. */
export async function confirmMultibancoPayment(
  ctx: Ctx,
  merchant: Merchant,
  input: { entity: string; reference: string; amount: number },
): Promise<Payment> {
  if (input.entity !== merchant.entity) throw new NotFoundError("reference");
  // Found by the 7-digit number, so that wrong check digits answer 422 rather than 404.
  const candidates = await findPaymentsByReferenceNumber(
    ctx.db,
    merchant.id,
    input.entity,
    input.reference.slice(0, 7),
  );
  const exact = candidates.filter((c) => c.reference === input.reference);
  const isPending = (c: PaymentRow) => c.state === "pending";
  let row = exact.find(isPending) ?? candidates.find(isPending) ?? exact.at(-1) ?? candidates.at(-1);
  const nowMs = Date.now();
  if (!row) throw new NotFoundError("reference");
  if (row.state === "pending") row = await expireReference(ctx, merchant, row);
  if (row.state === "confirmed") throw new ConflictError("already_paid", "this reference was paid already");
  if (row.state !== "pending")
    throw new ConflictError("reference_expired", "this reference is no longer payable");
  if (row.valid_start !== null && Date.parse(row.valid_start) > nowMs) {
    throw new ConflictError(
      "reference_not_yet_valid",
      "this reference is not payable before validDate.start",
    );
  }
  // The check digits are checked against the reference's own amount: a wrong amount with a right
  // reference is an amount mismatch, a right amount with wrong check digits a check-digit mismatch.
  if (!referenceMatches(input.entity, input.reference, row.amount)) {
    throw new UnprocessableError(
      "check_digits_mismatch",
      "the check digits do not match this entity and amount",
      [{ path: "reference", message: "check digits are not valid for this entity and amount" }],
    );
  }
  if (input.amount !== row.amount) {
    throw new UnprocessableError("amount_mismatch", "the amount paid differs from the reference's amount", [
      { path: "amount", message: `must be exactly ${row.amount}` },
    ]);
  }
  const pending = row;
  const now = isoTimestamp();
  const confirmed = await inTransaction(ctx, async (tx, after) => {
    const changes = { state: "confirmed" as const, confirmed_at: now, updated_at: now };
    if (!(await transitionPayment(tx, pending.id, "pending", changes))) return undefined;
    const next: PaymentRow = { ...pending, ...changes };
    await emitEvent(tx, after, merchant, {
      type: "payment.confirmed",
      data: presentPayment(next),
      paymentId: pending.id,
      callbackUrl: pending.callback_url,
    });
    if (pending.checkout_id) {
      await settleVoucherCheckout(ctx, tx, after, merchant, pending.checkout_id, {
        state: "Success",
        result: { paymentMethodCode: "MB" },
      });
    }
    return next;
  });
  if (!confirmed) throw new ConflictError("already_paid", "this reference was paid already");
  return presentPayment(confirmed);
}

/** Background sweep: records expiry of references past validDate.end and emits their events. */
export async function sweepExpiredReferences(ctx: Ctx): Promise<number> {
  const rows = await findExpiredPendingReferences(ctx.db, Date.now(), 100);
  let count = 0;
  for (const row of rows) {
    const merchant = await findMerchantById(ctx.db, row.merchant_id);
    if (!merchant) continue;
    const after = await expireReference(ctx, merchant, row);
    if (after.state === "expired") count++;
  }
  return count;
}
