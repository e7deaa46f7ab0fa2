import type { ChargeRequest, DeclineReason, Payment } from "../../contract";
import { ConflictError, NotFoundError } from "../http/api-error";
import { newId } from "../domain/ids";
import { type MbwayDecision, mbwayDecision } from "../domain/mbway";
import { isoTimestamp } from "../domain/time";
import {
  type ChargeRow,
  findCharge,
  findWaitingMbwayCharges,
  insertCharge,
  updateCharge,
} from "../store/charges";
import { findCustomer } from "../store/customers";
import { findMerchantById } from "../store/merchants";
import { findPaymentMethod } from "../store/payment-methods";
import {
  findPayment,
  insertPayment,
  newChargePayment,
  type PaymentRow,
  transitionPayment,
} from "../store/payments";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import type { Merchant } from "./merchants";
import { presentPayment } from "./payments";
import { inTransaction } from "./transaction";

export interface ChargeAnswer {
  /** 201 when the charge is decided, 202 when it waits (an MB WAY request on the shopper's phone). */
  status: 201 | 202;
  payment: Payment;
}

const nationalNumber = (phone: string) => phone.split("#")[1] ?? "";

/**
 * Charges a customer's saved method without the shopper (merchant-initiated). A saved card answers at
 * once, as the sandbox card it was saved from behaves; a saved MB WAY number sends a request to the
 * phone, which the sandbox test phones or `POST /sandbox/mbway/{paymentId}/approve|decline` answer.
 */
export async function chargeSavedMethod(
  ctx: Ctx,
  merchant: Merchant,
  input: ChargeRequest,
): Promise<ChargeAnswer> {
  if (!(await findCustomer(ctx.db, merchant.id, input.customer.uuid))) throw new NotFoundError("customer");
  const method = await findPaymentMethod(ctx.db, merchant.id, input.customer.uuid, input.paymentMethod.uuid);
  if (!method) throw new NotFoundError("payment method");
  const nowMs = Date.now();
  const now = isoTimestamp(nowMs);
  const decline =
    method.code === "CC" ? ((method.stored_decline_reason as DeclineReason | null) ?? null) : null;
  const waits = method.code === "MW";
  if (waits && method.phone_number === null) {
    throw new ConflictError("method_not_offered", "this saved MB WAY method has no phone number to charge");
  }
  const state: PaymentRow["state"] = waits ? "pending" : decline ? "declined" : "confirmed";
  const row = newChargePayment({
    id: newId("pay"),
    merchantId: merchant.id,
    amount: input.amount,
    method: method.code,
    state,
    reason: decline,
    registrationId: method.uuid,
    code: input.code ?? null,
    summary: input.summary ?? null,
    now,
  });
  const charge: ChargeRow = {
    payment_id: row.id,
    merchant_id: merchant.id,
    customer_uuid: input.customer.uuid,
    payment_method_uuid: method.uuid,
    method_code: method.code,
    mbway_phone: waits ? method.phone_number : null,
    mbway_started_ms: waits ? nowMs : null,
    mbway_expires_ms: waits ? nowMs + ctx.config.MBWAY_TIMEOUT_MS : null,
  };
  const payment = presentPayment(row, { refunds: [], charge });
  await inTransaction(ctx, async (tx, after) => {
    await insertPayment(tx, row);
    await insertCharge(tx, charge);
    if (state === "pending") return;
    await emitEvent(tx, after, merchant, {
      type: state === "confirmed" ? "payment.confirmed" : "payment.declined",
      data: payment,
      paymentId: row.id,
    });
  });
  return { status: waits ? 202 : 201, payment };
}

const OUTCOMES = {
  approve: { state: "confirmed", reason: null, event: "payment.confirmed" },
  decline: { state: "declined", reason: "mbway_declined", event: "payment.declined" },
  timeout: { state: "expired", reason: "mbway_timeout", event: "payment.expired" },
} as const;

/** Settles a waiting MB WAY charge; false when it was not waiting (answered or timed out before). */
async function settleMbwayCharge(
  ctx: Ctx,
  merchant: Merchant,
  row: PaymentRow,
  charge: ChargeRow,
  decision: Exclude<MbwayDecision, "wait">,
): Promise<boolean> {
  if (row.state !== "pending" || charge.mbway_expires_ms === null) return false;
  const outcome = OUTCOMES[decision];
  const now = isoTimestamp();
  const changes = {
    state: outcome.state,
    reason: outcome.reason,
    updated_at: now,
    ...(outcome.state === "confirmed" && { confirmed_at: now }),
  };
  return inTransaction(ctx, async (tx, after) => {
    if (!(await transitionPayment(tx, row.id, "pending", changes))) return false;
    const waitOver = { mbway_phone: null, mbway_started_ms: null, mbway_expires_ms: null };
    await updateCharge(tx, row.id, waitOver);
    await emitEvent(tx, after, merchant, {
      type: outcome.event,
      data: presentPayment({ ...row, ...changes }, { refunds: [], charge: { ...charge, ...waitOver } }),
      paymentId: row.id,
    });
    return true;
  });
}

/** `POST /sandbox/mbway/{paymentId}/approve|decline` for a charge of a saved MB WAY number. */
export async function answerMbwayCharge(
  ctx: Ctx,
  merchant: Merchant,
  row: PaymentRow,
  answer: "approve" | "decline",
): Promise<void> {
  const charge = await findCharge(ctx.db, merchant.id, row.id);
  if (!charge || !(await settleMbwayCharge(ctx, merchant, row, charge, answer))) {
    throw new ConflictError("not_waiting", "this payment has no MB WAY request waiting for an answer");
  }
}

/** Background: the sandbox test phones answer charges by themselves, and unanswered ones time out. */
export async function runMbwayChargeSimulator(ctx: Ctx): Promise<number> {
  const nowMs = Date.now();
  let decided = 0;
  for (const charge of await findWaitingMbwayCharges(ctx.db, 100)) {
    if (charge.mbway_phone === null || charge.mbway_expires_ms === null) continue;
    const decision = mbwayDecision(
      nationalNumber(charge.mbway_phone),
      charge.mbway_started_ms ?? charge.mbway_expires_ms - ctx.config.MBWAY_TIMEOUT_MS,
      charge.mbway_expires_ms,
      nowMs,
      ctx.config.MBWAY_AUTO_APPROVE_MS,
    );
    if (decision === "wait") continue;
    const merchant = await findMerchantById(ctx.db, charge.merchant_id);
    const row = merchant && (await findPayment(ctx.db, merchant.id, charge.payment_id));
    if (merchant && row && (await settleMbwayCharge(ctx, merchant, row, charge, decision))) decided++;
  }
  return decided;
}
