import type { AuthenticationStep, ChallengeResult, CheckoutStatus, PaymentOutcome } from "../../contract";
import { ConflictError, NotFoundError } from "../http/api-error";
import {
  type CheckoutRow,
  findCheckout,
  findCheckoutByPaymentId,
  findTimedOutChallenges,
} from "../store/checkouts";
import { findMerchantById } from "../store/merchants";
import { findPayment } from "../store/payments";
import { type OpenChallenge, settleCardAttempt } from "./card-attempts";
import { presentCheckoutStatus } from "./checkouts";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";

/** How the attempt log records each way a challenge ends. */
const AUTHENTICATION_ENDS: Record<ChallengeResult | "timeout", AuthenticationStep> = {
  complete: "challengeCompleted",
  fail: "challengeFailed",
  timeout: "challengeTimedOut",
};

export function openChallengeOf(row: CheckoutRow): OpenChallenge | undefined {
  if (row.state !== "PaymentReady" || row.challenge === null) return undefined;
  return JSON.parse(row.challenge) as OpenChallenge;
}

export function noChallenge(): ConflictError {
  return new ConflictError("no_challenge", "no 3-D Secure challenge is open for this payment");
}

/**
 * The shopper's answer on the issuer's page. Completing it gives the issuer's answer to the card;
 * failing it, or letting it time out, declines the attempt (`authentication_failed`), which counts
 * as one of the checkout's attempts.
 */
export async function answerChallenge(
  ctx: Ctx,
  merchant: Merchant,
  row: CheckoutRow,
  result: ChallengeResult | "timeout",
): Promise<PaymentOutcome> {
  const challenge = openChallengeOf(row);
  if (!challenge) throw noChallenge();
  const answer =
    result === "complete"
      ? challenge.then
      : { approved: false as const, reason: "authentication_failed" as const };
  return settleCardAttempt(ctx, merchant, row, challenge.charge, answer, AUTHENTICATION_ENDS[result]);
}

/** `POST /sandbox/3ds/{paymentId}/complete|fail`: plays the shopper on the issuer's page. */
export async function simulateChallengeAnswer(
  ctx: Ctx,
  merchant: Merchant,
  paymentId: string,
  result: ChallengeResult,
): Promise<CheckoutStatus> {
  const payment = await findPayment(ctx.db, merchant.id, paymentId);
  if (!payment?.checkout_id) throw new NotFoundError("payment");
  const row = await findCheckout(ctx.db, merchant.id, payment.checkout_id);
  if (!row) throw new NotFoundError("payment");
  await answerChallenge(ctx, merchant, row, result);
  const after = await findCheckout(ctx.db, merchant.id, row.id);
  return presentCheckoutStatus(after ?? row, ctx.config.PUBLIC_URL);
}

/** An open challenge past THREEDS_TIMEOUT_MS fails its attempt; returns the current row either way. */
export async function timeOutChallengeIfDue(
  ctx: Ctx,
  row: CheckoutRow,
  nowMs = Date.now(),
): Promise<CheckoutRow> {
  if (row.challenge_expires_ms === null || row.challenge_expires_ms > nowMs || row.state !== "PaymentReady")
    return row;
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) return row;
  await answerChallenge(ctx, merchant, row, "timeout").catch((error: unknown) => {
    // Answered meanwhile by the shopper: what they did stands.
    if (!(error instanceof ConflictError)) throw error;
  });
  return (await findCheckout(ctx.db, row.merchant_id, row.id)) ?? row;
}

/** Background: challenges nobody answered in time. */
export async function sweepTimedOutChallenges(ctx: Ctx): Promise<number> {
  const rows = await findTimedOutChallenges(ctx.db, Date.now(), 100);
  for (const row of rows) await timeOutChallengeIfDue(ctx, row);
  return rows.length;
}

/** What the issuer's page shows for a payment: the open challenge's amount and merchant, if any. */
export async function getIssuerPageChallenge(
  ctx: Ctx,
  paymentId: string,
): Promise<
  | { language: string; actionUrl: string | null; challenge?: { merchantName: string; amount: number } }
  | undefined
> {
  const found = await findCheckoutByPaymentId(ctx.db, paymentId);
  if (!found) return undefined;
  const row = await timeOutChallengeIfDue(ctx, found);
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  const page = { language: row.language, actionUrl: row.action_url };
  if (!merchant || !openChallengeOf(row)) return page;
  return { ...page, challenge: { merchantName: merchant.name, amount: row.amount } };
}
