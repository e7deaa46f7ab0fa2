import type { DeclineReason, Payment, ReferenceRequest } from "../../contract";
import { ApiError, invalid, notFound } from "../http/api-error";
import { newId } from "../domain/ids";
import { makeReference, randomReferenceNumber, referenceMatches } from "../domain/multibanco";
import { isoNow } from "../domain/time";
import { type ChargeRow, findCharge } from "../store/charges";
import type { Db } from "../store/db";
import { findMerchantById } from "../store/merchants";
import {
  findExpiredPendingReferences,
  findPayment,
  findPaymentsByReferenceNumber,
  insertPayment,
  type PaymentRow,
  referenceInUse,
  transitionPayment,
} from "../store/payments";
import { listRefunds, type RefundRow } from "../store/refunds";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import type { Merchant } from "./merchants";

const METHOD_NAMES: Record<string, string> = { MB: "Multibanco", CC: "Credit or debit card", MW: "MB WAY" };

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
  const methods = JSON.parse(row.available_methods) as string[];
  const { charge } = extras;
  return {
    id: row.id,
    type: "payment",
    ...(row.entity !== null &&
      row.reference !== null && { referenceDetails: { entity: row.entity, reference: row.reference } }),
    stateDetails: {
      state: row.state,
      ...(row.state === "confirmed" && row.confirmed_at !== null && { createdAt: row.confirmed_at }),
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
    availableMethods: methods.map((code) => ({
      code: code as "MB" | "CC" | "MW",
      type: "REALTIME" as const,
      name: METHOD_NAMES[code] ?? code,
    })),
  };
}

/** A payment as `GET /payments/{id}` answers it, refunds and charged method included. */
export async function presentStoredPayment(db: Db, row: PaymentRow): Promise<Payment> {
  const refunds = await listRefunds(db, row.merchant_id, row.id);
  const charge = row.kind === "charge" ? await findCharge(db, row.merchant_id, row.id) : undefined;
  return presentPayment(row, { refunds, charge });
}

export async function createReference(
  ctx: Ctx,
  merchant: Merchant,
  input: ReferenceRequest,
): Promise<Payment> {
  // A reference that could never be paid is refused, not created pending and expired a moment later.
  if (Date.parse(input.validDate.end) <= Date.now()) throw invalid("validDate.end", "must be in the future");
  return ctx.db.transaction().execute(async (tx) => {
    let reference = "";
    // 10^7 numbers per merchant: a collision with an open reference is rare; retry a few times.
    for (let tries = 0; tries < 20; tries++) {
      const candidate = makeReference(merchant.entity, randomReferenceNumber(), input.amount);
      if (!(await referenceInUse(tx, merchant.id, candidate))) {
        reference = candidate;
        break;
      }
    }
    if (!reference) throw new ApiError(503, "references_exhausted", "no free reference number, try again");
    const now = isoNow();
    const row: PaymentRow = {
      id: newId("pay"),
      merchant_id: merchant.id,
      kind: "reference",
      amount: input.amount,
      state: "pending",
      entity: merchant.entity,
      reference,
      callback_url: input.callbackUrl ?? null,
      valid_start: input.validDate.start,
      valid_end: input.validDate.end,
      valid_end_ms: Date.parse(input.validDate.end),
      available_methods: JSON.stringify(input.availableMethods.map((m) => m.code)),
      checkout_id: null,
      confirmed_at: null,
      created_at: now,
      updated_at: now,
      amount_refunded: 0,
      code: null,
      summary: null,
      reason: null,
    };
    await insertPayment(tx, row);
    return presentPayment(row);
  });
}

/** Moves a pending reference past its validity to `expired` and emits `payment.expired`, once. */
export async function expireReference(ctx: Ctx, merchant: Merchant, row: PaymentRow): Promise<PaymentRow> {
  const now = isoNow();
  const expired = await ctx.db.transaction().execute(async (tx) => {
    if (!(await transitionPayment(tx, row.id, "pending", { state: "expired", updated_at: now })))
      return false;
    const next: PaymentRow = { ...row, state: "expired", updated_at: now };
    await emitEvent(tx, merchant, {
      type: "payment.expired",
      data: presentPayment(next),
      paymentId: row.id,
      callbackUrl: row.callback_url,
    });
    return true;
  });
  if (expired) ctx.notify();
  return (await findPayment(ctx.db, merchant.id, row.id)) ?? row;
}

function isPastValidity(row: PaymentRow, nowMs: number): boolean {
  return (
    row.kind === "reference" &&
    row.state === "pending" &&
    row.valid_end_ms !== null &&
    row.valid_end_ms <= nowMs
  );
}

export async function getPayment(ctx: Ctx, merchant: Merchant, id: string): Promise<Payment> {
  let row = await findPayment(ctx.db, merchant.id, id);
  if (!row) throw notFound("payment");
  if (isPastValidity(row, Date.now())) row = await expireReference(ctx, merchant, row);
  return presentStoredPayment(ctx.db, row);
}

/** The bank network confirming that a reference was paid at an ATM or in home banking. */
export async function confirmMultibancoPayment(
  ctx: Ctx,
  merchant: Merchant,
  input: { entity: string; reference: string; amount: number },
): Promise<Payment> {
  if (input.entity !== merchant.entity) throw notFound("reference");
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
  if (!row) throw notFound("reference");
  if (isPastValidity(row, nowMs)) row = await expireReference(ctx, merchant, row);
  if (row.state === "confirmed") throw new ApiError(409, "already_paid", "this reference was paid already");
  if (row.state !== "pending")
    throw new ApiError(409, "reference_expired", "this reference is no longer payable");
  if (row.valid_start !== null && Date.parse(row.valid_start) > nowMs) {
    throw new ApiError(
      409,
      "reference_not_yet_valid",
      "this reference is not payable before validDate.start",
    );
  }
  // The check digits are checked against the reference's own amount: a wrong amount with a right
  // reference is an amount mismatch, a right amount with wrong check digits a check-digit mismatch.
  if (!referenceMatches(input.entity, input.reference, row.amount)) {
    throw new ApiError(422, "check_digits_mismatch", "the check digits do not match this entity and amount", [
      { path: "reference", message: "check digits are not valid for this entity and amount" },
    ]);
  }
  if (input.amount !== row.amount) {
    throw new ApiError(422, "amount_mismatch", "the amount paid differs from the reference's amount", [
      { path: "amount", message: `must be exactly ${row.amount}` },
    ]);
  }
  const pending = row;
  const now = isoNow();
  const confirmed = await ctx.db.transaction().execute(async (tx) => {
    const changes = { state: "confirmed" as const, confirmed_at: now, updated_at: now };
    if (!(await transitionPayment(tx, pending.id, "pending", changes))) return undefined;
    const next: PaymentRow = { ...pending, ...changes };
    await emitEvent(tx, merchant, {
      type: "payment.confirmed",
      data: presentPayment(next),
      paymentId: pending.id,
      callbackUrl: pending.callback_url,
    });
    return next;
  });
  if (!confirmed) throw new ApiError(409, "already_paid", "this reference was paid already");
  ctx.notify();
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
