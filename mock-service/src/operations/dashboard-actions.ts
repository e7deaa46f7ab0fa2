import type { PaymentAction } from "../../contract";
import { ConflictError, NotFoundError } from "../http/api-error";
import type { CheckoutRow } from "../store/checkouts";
import { findPayment, type PaymentRow } from "../store/payments";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";
import { simulateMbwayAnswer } from "./mbway";
import { confirmMultibancoPayment, expireReference, presentPayment } from "./payments";
import { isMultibanco, refundPayment } from "./refunds";
import { simulateChallengeAnswer } from "./three-ds";

interface PaymentActionEntry {
  /** Whether the dashboard offers it for this payment now. */
  offered(payment: PaymentRow, checkout: CheckoutRow | undefined): boolean;
  /** Runs it through the same operation as the API; answers the API's errors when it no longer applies. */
  run(ctx: Ctx, merchant: Merchant, payment: PaymentRow): Promise<unknown>;
}

/** A reference of `POST /payments/references`, or a checkout's Multibanco voucher, still to be paid. */
const pendingReference = (p: PaymentRow) => p.reference !== null && p.state === "pending";
/** A checkout's MB WAY request, or a charge of a saved MB WAY number, waiting for the shopper's app. */
const waitingMbway = (p: PaymentRow, c: CheckoutRow | undefined) =>
  (c?.state === "PaymentReady" && c.mbway_phone !== null) ||
  (p.kind === "charge" && p.state === "pending" && p.available_methods.includes("MW"));
const openChallenge = (_p: PaymentRow, c: CheckoutRow | undefined) =>
  c?.state === "PaymentReady" && c.challenge_expires_ms !== null;
const refundable = (p: PaymentRow) =>
  p.state === "confirmed" && !isMultibanco(p) && p.amount_refunded < p.amount;

/**
 * The dashboard's payment actions, in the order it shows them. One entry each; the compiler asks
 * for one per name in the contract's PAYMENT_ACTIONS.
 */
const PAYMENT_ACTIONS: Record<PaymentAction, PaymentActionEntry> = {
  simulateMultibanco: {
    offered: pendingReference,
    run: (ctx, merchant, p) =>
      confirmMultibancoPayment(ctx, merchant, {
        entity: p.entity ?? "",
        reference: p.reference ?? "",
        amount: p.amount,
      }),
  },
  expireReference: { offered: pendingReference, run: expireReferenceNow },
  approveMbway: { offered: waitingMbway, run: (ctx, m, p) => simulateMbwayAnswer(ctx, m, p.id, "approve") },
  declineMbway: { offered: waitingMbway, run: (ctx, m, p) => simulateMbwayAnswer(ctx, m, p.id, "decline") },
  completeChallenge: {
    offered: openChallenge,
    run: (ctx, m, p) => simulateChallengeAnswer(ctx, m, p.id, "complete"),
  },
  failChallenge: {
    offered: openChallenge,
    run: (ctx, m, p) => simulateChallengeAnswer(ctx, m, p.id, "fail"),
  },
  // What remains, as `POST /payments/{id}/refunds` with no amount does.
  refund: { offered: refundable, run: (ctx, m, p) => refundPayment(ctx, m, p.id, {}) },
};

export function paymentActionsFor(payment: PaymentRow, checkout: CheckoutRow | undefined): PaymentAction[] {
  return (Object.keys(PAYMENT_ACTIONS) as PaymentAction[]).filter((name) =>
    PAYMENT_ACTIONS[name].offered(payment, checkout),
  );
}

export async function runPaymentAction(
  ctx: Ctx,
  merchant: Merchant,
  paymentId: string,
  action: PaymentAction,
): Promise<void> {
  const payment = await findPayment(ctx.db, merchant.id, paymentId);
  if (!payment) throw new NotFoundError("payment");
  await PAYMENT_ACTIONS[action].run(ctx, merchant, payment);
}

/**
 * Ends a pending Multibanco reference now, as if its validity had passed: `payment.expired` goes out
 * and, for a checkout's voucher, the checkout expires with it (`checkout.failed`), as the sweep does.
 */
async function expireReferenceNow(ctx: Ctx, merchant: Merchant, payment: PaymentRow) {
  if (payment.reference === null) throw new NotFoundError("reference");
  if (payment.state === "confirmed")
    throw new ConflictError("already_paid", "this reference was paid already");
  if (payment.state !== "pending") {
    throw new ConflictError("reference_expired", "this reference is no longer payable");
  }
  const after = await expireReference(ctx, merchant, payment, Date.now());
  if (after.state !== "expired") throw new ConflictError("already_paid", "this reference was paid meanwhile");
  return presentPayment(after);
}
