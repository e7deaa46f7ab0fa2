import type { AttemptMethod, AuthenticationStep, DeclineReason, PaymentOutcome } from "../../contract";
import { ConflictError } from "../http/api-error";
import type { IssuerDecision, IssuerProfile } from "../domain/issuer";
import { isoTimestamp } from "../domain/time";
import type { CheckoutRow } from "../store/checkouts";
import type { Db } from "../store/db";
import { transitionPayment } from "../store/payments";
import { changeCheckout, finishCheckout, redirectFor } from "./checkouts";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";
import { type AttemptStep, recordAttempt } from "./payment-attempts";
import { registrationIdFor, storeRegisteredMethod } from "./payment-methods";
import { inTransaction } from "./transaction";

/** What the checkout keeps about the card being charged: never its number or security code. */
export interface CardCharge {
  brand: string;
  last4: string;
  holder: string;
  expiryMonth: string;
  expiryYear: string;
  /** The saved card paying, when the shopper chose one. */
  savedMethodUuid?: string | undefined;
  /** How the issuer treats this card later, should this payment save it. */
  profile: IssuerProfile;
}

/** An open 3-D Secure challenge, as stored on the checkout until the shopper answers it. */
export interface OpenChallenge {
  charge: CardCharge;
  /** The issuer's answer once the challenge is completed. */
  then: { approved: true } | { approved: false; reason: DeclineReason };
}

export function challengePath(paymentId: string): string {
  return `/sandbox/3ds/${paymentId}`;
}

/** How the attempt log names a card payment: typed in, or one of the customer's saved cards. */
function cardMethod(charge: CardCharge): AttemptMethod {
  return charge.savedMethodUuid ? "savedCard" : "card";
}

/** Applies the issuer's decision to one card attempt: pays, declines, or opens a challenge. */
export async function chargeCard(
  ctx: Ctx,
  merchant: Merchant,
  row: CheckoutRow,
  charge: CardCharge,
  decision: IssuerDecision,
): Promise<PaymentOutcome> {
  if (decision.kind === "challenge") return openChallenge(ctx, row, { charge, then: decision.then });
  return settleCardAttempt(
    ctx,
    merchant,
    row,
    charge,
    decision.kind === "approve" ? { approved: true } : { approved: false, reason: decision.reason },
  );
}

/**
 * While the challenge is open the checkout stays PaymentReady and its payment awaits authentication;
 * no attempt is counted until the shopper answers (or the challenge times out).
 */
async function openChallenge(ctx: Ctx, row: CheckoutRow, challenge: OpenChallenge): Promise<PaymentOutcome> {
  const expiresMs = Date.now() + ctx.config.THREEDS_TIMEOUT_MS;
  const opened = await inTransaction(ctx, async (tx, after) => {
    const changes = { challenge_expires_ms: expiresMs, challenge: JSON.stringify(challenge), reason: null };
    if (!(await changeCheckout(tx, after, row, changes))) return false;
    await recordAttempt(tx, row, [{ method: cardMethod(challenge.charge), outcome: "challengeRequired" }]);
    await transitionPayment(tx, row.payment_id, "pending", {
      state: "awaiting_authentication",
      updated_at: isoTimestamp(),
    });
    return true;
  });
  if (!opened) throw concurrentPayment();
  return {
    state: "PaymentReady",
    approved: false,
    attemptsLeft: Math.max(0, ctx.config.CHECKOUT_MAX_ATTEMPTS - row.attempts),
    challenge: { url: challengePath(row.payment_id), expiresAt: isoTimestamp(expiresMs) },
  };
}

/**
 * The issuer's final answer to one attempt: success, a final decline, or a decline that may be retried.
 * `authentication` is how the attempt's 3-D Secure challenge ended, when it had one; the attempt log
 * records it and the answer in the transaction that applies them.
 */
export async function settleCardAttempt(
  ctx: Ctx,
  merchant: Merchant,
  row: CheckoutRow,
  charge: CardCharge,
  answer: { approved: true } | { approved: false; reason: DeclineReason },
  authentication?: AuthenticationStep,
): Promise<PaymentOutcome> {
  const attempts = row.attempts + 1;
  const maxAttempts = ctx.config.CHECKOUT_MAX_ATTEMPTS;
  const at = isoTimestamp();
  const method = cardMethod(charge);
  const steps: AttemptStep[] = [
    ...(authentication ? [{ method, outcome: authentication }] : []),
    answer.approved
      ? { method, outcome: "approved" }
      : { method, outcome: "declined", reason: answer.reason },
  ];
  const logAttempt = (tx: Db) => recordAttempt(tx, row, steps, at);

  if (answer.approved) {
    // A saved card is already stored: the payment records it instead of storing it again.
    const newRegistrationId = charge.savedMethodUuid ? undefined : registrationIdFor(row);
    const registrationId = charge.savedMethodUuid ?? newRegistrationId;
    const next = await finishCheckout(
      ctx,
      merchant,
      row,
      {
        state: "Success",
        result: {
          paymentMethodCode: "CC",
          brand: charge.brand,
          last4Digits: charge.last4,
          ...(registrationId && { registrationId }),
        },
        at,
      },
      attempts,
      async (tx) => {
        await logAttempt(tx);
        if (!newRegistrationId) return;
        await storeRegisteredMethod(tx, row, newRegistrationId, {
          code: "CC",
          brand: charge.brand,
          last4: charge.last4,
          holder: charge.holder,
          expiryMonth: charge.expiryMonth,
          expiryYear: charge.expiryYear,
          profile: charge.profile,
        });
      },
    );
    if (!next) throw concurrentPayment();
    return { state: next.state, approved: true, attemptsLeft: 0, ...withRedirect(next) };
  }

  if (attempts >= maxAttempts) {
    const next = await finishCheckout(
      ctx,
      merchant,
      row,
      { state: "Declined", reason: answer.reason, at },
      attempts,
      logAttempt,
    );
    if (!next) throw concurrentPayment();
    return {
      state: next.state,
      approved: false,
      reason: answer.reason,
      attemptsLeft: 0,
      ...withRedirect(next),
    };
  }
  const changed = await inTransaction(ctx, async (tx, after) => {
    const changes = { attempts, reason: answer.reason, challenge_expires_ms: null, challenge: null };
    if (!(await changeCheckout(tx, after, row, changes))) return false;
    await logAttempt(tx);
    if (row.challenge !== null) {
      await transitionPayment(tx, row.payment_id, "awaiting_authentication", {
        state: "pending",
        updated_at: isoTimestamp(),
      });
    }
    return true;
  });
  if (!changed) throw concurrentPayment();
  return {
    state: "PaymentReady",
    approved: false,
    reason: answer.reason,
    attemptsLeft: maxAttempts - attempts,
  };
}

function withRedirect(row: CheckoutRow): { redirectUrl?: string } {
  const url = redirectFor(row);
  return url ? { redirectUrl: url } : {};
}

export function concurrentPayment(): ConflictError {
  return new ConflictError(
    "payment_in_progress",
    "another payment of this checkout was processed at the same time",
  );
}
