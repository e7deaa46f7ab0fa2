import type { FrameCheckout, MbwayPaymentRequest, Payment } from "../../contract";
import { checkMobileNumber } from "../../contract";
import { ConflictError, InvalidRequestError, NotFoundError } from "../http/api-error";
import { mbwayDecision } from "../domain/mbway";
import { isoTimestamp } from "../domain/time";
import { type CheckoutRow, findCheckout, findWaitingMbway } from "../store/checkouts";
import type { Db } from "../store/db";
import { findMerchantById } from "../store/merchants";
import { findPayment } from "../store/payments";
import { answerMbwayCharge } from "./charges";
import { changeCheckout, expireIfDue, finishCheckout } from "./checkouts";
import type { Ctx } from "./context";
import { registrationIdFor, storeRegisteredMethod } from "./payment-methods";
import { frameCheckoutOf, loadOpenableCheckout } from "./frame";
import type { Merchant } from "./merchants";
import { getPayment } from "./payments";
import { type AttemptStep, recordAttempt } from "./payment-attempts";
import { inTransaction } from "./transaction";

function splitPhone(phone: string): { countryCode: string; national: string } {
  const [countryCode = "", national = ""] = phone.split("#");
  return { countryCode, national };
}

/** The shopper asked to pay by MB WAY: the request now waits for approval in the app. */
export async function startMbwayPayment(
  ctx: Ctx,
  id: string,
  input: MbwayPaymentRequest,
): Promise<FrameCheckout> {
  const row = await loadOpenableCheckout(ctx, id);
  if (!row.payment_methods.includes("MW"))
    throw new ConflictError("method_not_offered", "this checkout does not take MB WAY");
  if (row.state !== "PaymentReady") {
    throw new ConflictError("checkout_closed", `this checkout is ${row.state} and takes no more payments`);
  }
  if (row.mbway_phone !== null)
    throw new ConflictError("payment_in_progress", "an MB WAY request is already waiting");
  if (row.challenge_expires_ms !== null)
    throw new ConflictError("payment_in_progress", "a card payment waits for 3-D Secure authentication");
  const problem = checkMobileNumber(input.countryCode, input.number);
  if (problem) {
    const path = problem === "country" ? "countryCode" : "number";
    throw new InvalidRequestError("invalid_phone", "the phone number is not valid", [
      {
        path,
        message:
          problem === "country" ? "is not a supported country" : "is not a mobile number of that country",
      },
    ]);
  }
  const expires = Date.now() + ctx.config.MBWAY_TIMEOUT_MS;
  const changed = await inTransaction(ctx, async (tx, after) => {
    const changes = {
      mbway_phone: `${input.countryCode}#${input.number}`,
      mbway_expires_ms: expires,
      reason: null,
    };
    if (!(await changeCheckout(tx, after, row, changes))) return false;
    await recordAttempt(tx, row, [{ method: "mbway", outcome: "mbwayRequested" }]);
    return true;
  });
  if (!changed)
    throw new ConflictError("payment_in_progress", "another payment of this checkout is in progress");
  return frameCheckoutOf(ctx, {
    ...row,
    mbway_phone: `${input.countryCode}#${input.number}`,
    mbway_expires_ms: expires,
    reason: null,
  });
}

/** The shopper gave up waiting and wants to choose again; no attempt is used. */
export async function cancelMbwayPayment(ctx: Ctx, id: string): Promise<FrameCheckout> {
  const row = await loadOpenableCheckout(ctx, id);
  if (row.state !== "PaymentReady" || row.mbway_phone === null) {
    throw new ConflictError("not_waiting", "no MB WAY request is waiting on this checkout");
  }
  const changed = await inTransaction(ctx, async (tx, after) => {
    if (!(await changeCheckout(tx, after, row, { mbway_phone: null, mbway_expires_ms: null }))) return false;
    await recordAttempt(tx, row, [{ method: "mbway", outcome: "mbwayCancelled" }]);
    return true;
  });
  if (!changed) throw new ConflictError("not_waiting", "the MB WAY request was answered meanwhile");
  return frameCheckoutOf(ctx, { ...row, mbway_phone: null, mbway_expires_ms: null });
}

/** Applies the shopper's answer (or its absence) to a waiting request. Returns false if it was not waiting. */
async function decide(
  ctx: Ctx,
  merchant: Merchant,
  current: CheckoutRow,
  decision: "approve" | "decline" | "timeout",
) {
  // Past the checkout's lifetime reads show it Expired: no answer may land after that.
  const row = await expireIfDue(ctx, current);
  const phone = row.mbway_phone;
  if (row.state !== "PaymentReady" || phone === null) return false;
  const { countryCode, national } = splitPhone(phone);
  const attempts = row.attempts + 1;
  const at = isoTimestamp();
  const logAttempt = (step: Omit<AttemptStep, "method">) => (tx: Db) =>
    recordAttempt(tx, row, [{ method: "mbway", ...step }], at);
  if (decision === "approve") {
    const registrationId = registrationIdFor(row);
    const result = {
      paymentMethodCode: "MW" as const,
      last3Digits: national.slice(-3),
      ...(registrationId && { registrationId }),
    };
    const next = await finishCheckout(
      ctx,
      merchant,
      row,
      { state: "Success", result, at },
      attempts,
      async (tx) => {
        await logAttempt({ outcome: "approved" })(tx);
        if (!registrationId) return;
        await storeRegisteredMethod(tx, row, registrationId, {
          code: "MW",
          countryCode,
          last3: national.slice(-3),
          phoneNumber: phone,
        });
      },
    );
    return next !== undefined;
  }
  /** The checkout ends unpaid: the request timed out, or the last attempt was declined. */
  const endUnpaid = async (state: "Expired" | "Declined", step: Omit<AttemptStep, "method">) =>
    (await finishCheckout(
      ctx,
      merchant,
      row,
      { state, reason: step.reason, at },
      attempts,
      logAttempt(step),
    )) !== undefined;
  if (decision === "timeout") return endUnpaid("Expired", { outcome: "timedOut", reason: "mbway_timeout" });
  if (attempts >= ctx.config.CHECKOUT_MAX_ATTEMPTS) {
    return endUnpaid("Declined", { outcome: "declined", reason: "mbway_declined" });
  }
  return inTransaction(ctx, async (tx, after) => {
    const changes = {
      attempts,
      reason: "mbway_declined" as const,
      mbway_phone: null,
      mbway_expires_ms: null,
    };
    if (!(await changeCheckout(tx, after, row, changes))) return false;
    await logAttempt({ outcome: "declined", reason: "mbway_declined" })(tx);
    return true;
  });
}

/**
 * `POST /sandbox/mbway/{paymentId}/approve|decline`: plays the shopper's choice in the MB WAY app, for a
 * checkout's request or a charge of a saved number. Answers the payment afterwards (a declined checkout
 * request leaves it pending: the shopper may try again).
 */
export async function simulateMbwayAnswer(
  ctx: Ctx,
  merchant: Merchant,
  paymentId: string,
  answer: "approve" | "decline",
): Promise<Payment> {
  const payment = await findPayment(ctx.db, merchant.id, paymentId);
  if (!payment) throw new NotFoundError("payment");
  if (payment.kind === "charge") {
    await answerMbwayCharge(ctx, merchant, payment, answer);
    return getPayment(ctx, merchant, paymentId);
  }
  const row = payment.checkout_id ? await findCheckout(ctx.db, merchant.id, payment.checkout_id) : undefined;
  if (!row || !(await decide(ctx, merchant, row, answer))) {
    throw new ConflictError("not_waiting", "this payment has no MB WAY request waiting for an answer");
  }
  return getPayment(ctx, merchant, paymentId);
}

/** Background: test phones answer by themselves, and unanswered requests time out. */
export async function runMbwaySimulator(ctx: Ctx): Promise<number> {
  const nowMs = Date.now();
  let decided = 0;
  for (const row of await findWaitingMbway(ctx.db, 100)) {
    if (row.mbway_expires_ms === null || row.mbway_phone === null) continue;
    const started = row.mbway_expires_ms - ctx.config.MBWAY_TIMEOUT_MS;
    const decision = mbwayDecision(
      splitPhone(row.mbway_phone).national,
      started,
      row.mbway_expires_ms,
      nowMs,
      ctx.config.MBWAY_AUTO_APPROVE_MS,
    );
    if (decision === "wait") continue;
    const merchant = await findMerchantById(ctx.db, row.merchant_id);
    if (merchant && (await decide(ctx, merchant, row, decision))) decided++;
  }
  return decided;
}
