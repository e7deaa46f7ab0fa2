import type {
  Checkout,
  CheckoutRequest,
  CheckoutStatus,
  DeclineReason,
  PaymentMethodCode,
} from "../../contract";
import { DEFAULT_LANGUAGE, PAYMENT_METHOD_CODES } from "../../contract";
import { InvalidRequestError, NotFoundError } from "../http/api-error";
import { checkoutAsOf } from "../domain/expiry";
import { newId } from "../domain/ids";
import { actionRedirect } from "../domain/redirect";
import { checkoutTimestamp, isoTimestamp } from "../domain/time";
import {
  type CheckoutChanges,
  type CheckoutResult,
  type CheckoutRow,
  findCheckout,
  findExpiredOpenCheckouts,
  insertCheckout,
  newCheckoutRow,
  updateCheckout,
} from "../store/checkouts";
import { findCustomer } from "../store/customers";
import type { Db } from "../store/db";
import { findMerchantById } from "../store/merchants";
import { insertPayment, newCheckoutPayment, transitionPayment } from "../store/payments";
import type { Ctx } from "./context";
import { emitEvent } from "./events";
import { expireVoucherIfDue } from "./multibanco-checkout";
import type { Merchant } from "./merchants";
import { type AfterCommit, inTransaction } from "./transaction";

export function checkoutUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/embed/${id}?page_layout=embed`;
}

export function presentCheckout(row: CheckoutRow, publicUrl: string): Checkout {
  return {
    id: row.id,
    createdAt: checkoutTimestamp(Date.parse(row.created_at)),
    checkoutUrl: checkoutUrl(publicUrl, row.id),
    paymentId: row.payment_id,
    stateDetails: { state: row.state, timestamp: row.state_at },
  };
}

/** What both the merchant (GET /checkouts/{id}) and the frame are told about what is being paid. */
export function presentPurchase(row: CheckoutRow) {
  return {
    amount: row.amount,
    currency: "EUR" as const,
    ...(row.summary !== null && { summary: row.summary }),
    language: row.language,
    paymentMethods: row.payment_methods,
    createRegistration: row.create_registration,
  };
}

export function presentCheckoutStatus(row: CheckoutRow, publicUrl: string): CheckoutStatus {
  return {
    ...presentCheckout(row, publicUrl),
    ...presentPurchase(row),
    ...(row.code !== null && { code: row.code }),
    attempts: row.attempts,
    expiresAt: isoTimestamp(row.expires_ms),
    stateDetails: {
      state: row.state,
      timestamp: row.state_at,
      ...(row.reason !== null && { reason: row.reason }),
      ...(row.result?.registrationId && { registrationId: row.result.registrationId }),
    },
    ...(row.result !== null && { result: row.result }),
  };
}

export async function createCheckout(
  ctx: Ctx,
  merchant: Merchant,
  input: CheckoutRequest,
): Promise<Checkout> {
  const { payment, page, redirects } = input;
  // Without it nothing could embed the checkout (its frame-ancestors come from it) nor end it.
  const action = redirects?.find((r) => r.type === "action");
  if (!action) {
    throw new InvalidRequestError(
      "action_redirect_required",
      "a checkout needs a redirect of type action: the shopper goes there when the payment ends",
      [{ path: "redirects", message: "must contain an entry with type action" }],
    );
  }
  const createRegistration = payment.paymentMethod?.details?.createRegistration === true;
  const customerUuid = payment.customer?.uuid;
  if (createRegistration && !customerUuid) {
    throw new InvalidRequestError(
      "registration_requires_customer",
      "createRegistration needs a registered customer in payment.customer.uuid",
      [{ path: "payment.customer.uuid", message: "is required when createRegistration is true" }],
    );
  }
  if (customerUuid && !(await findCustomer(ctx.db, merchant.id, customerUuid)))
    throw new NotFoundError("customer");

  const code = payment.paymentMethod?.code;
  const methods: PaymentMethodCode[] = code ? [code] : [...PAYMENT_METHOD_CODES];
  const nowMs = Date.now();
  const now = isoTimestamp(nowMs);
  const id = newId("ck");
  const paymentRow = newCheckoutPayment({
    id: newId("pay"),
    merchantId: merchant.id,
    amount: payment.amount,
    methods,
    checkoutId: id,
    payableUntilMs: nowMs + ctx.config.CHECKOUT_TTL_MS,
    code: payment.code ?? null,
    summary: payment.summary ?? null,
    now,
  });
  const row = newCheckoutRow({
    id,
    merchant_id: merchant.id,
    payment_id: paymentRow.id,
    amount: payment.amount,
    code: payment.code ?? null,
    summary: payment.summary ?? null,
    language: page?.language ?? DEFAULT_LANGUAGE,
    payment_methods: methods,
    create_registration: createRegistration,
    customer_uuid: customerUuid ?? null,
    request: JSON.stringify(input),
    action_url: action?.url ?? null,
    expires_ms: nowMs + ctx.config.CHECKOUT_TTL_MS,
    created_at: now,
  });
  await ctx.db.transaction().execute(async (tx) => {
    await insertPayment(tx, paymentRow);
    await insertCheckout(tx, row);
  });
  return presentCheckout(row, ctx.config.PUBLIC_URL);
}

export interface FinalOutcome {
  state: "Success" | "Declined" | "Expired";
  reason?: DeclineReason | undefined;
  result?: CheckoutResult | undefined;
  /** When it happened, if not now (an expiry recorded after the end of the checkout's lifetime). */
  at?: string | undefined;
}

/**
 * Compare-and-set on the checkout as `row` read it; the frame's event stream is told after the
 * commit. Returns false when another writer changed it first.
 */
export async function changeCheckout(
  tx: Db,
  after: AfterCommit,
  row: CheckoutRow,
  changes: CheckoutChanges,
): Promise<boolean> {
  const changed = await updateCheckout(tx, row.id, row, changes);
  if (changed) after.checkoutChanged(row.id);
  return changed;
}

/**
 * Moves an open checkout to a final state with its payment, and emits its event, in one transaction.
 * `extra` runs inside the same transaction (e.g. storing the payment method). Returns the new row,
 * or undefined when a concurrent writer changed the checkout first.
 */
export async function finishCheckout(
  ctx: Ctx,
  merchant: Merchant,
  row: CheckoutRow,
  outcome: FinalOutcome,
  attempts: number,
  extra?: (tx: Db) => Promise<void>,
): Promise<CheckoutRow | undefined> {
  const now = outcome.at ?? isoTimestamp();
  const changes = {
    state: outcome.state,
    state_at: now,
    reason: outcome.reason ?? null,
    attempts,
    result: outcome.result ?? null,
    mbway_phone: null,
    mbway_expires_ms: null,
    challenge_expires_ms: null,
    challenge: null,
  } satisfies CheckoutChanges;
  const next: CheckoutRow = { ...row, ...changes };
  const done = await inTransaction(ctx, async (tx, after) => {
    if (!(await changeCheckout(tx, after, row, changes))) return false;
    const paymentState =
      outcome.state === "Success" ? "confirmed" : outcome.state === "Declined" ? "declined" : "expired";
    await transitionPayment(tx, row.payment_id, ["pending", "awaiting_authentication"], {
      state: paymentState,
      updated_at: now,
      ...(paymentState === "confirmed" && { confirmed_at: now }),
      ...(outcome.result?.registrationId && { registration_id: outcome.result.registrationId }),
    });
    if (extra) await extra(tx);
    await emitEvent(tx, after, merchant, {
      type: outcome.state === "Success" ? "checkout.completed" : "checkout.failed",
      data: presentCheckoutStatus(next, ctx.config.PUBLIC_URL),
      paymentId: row.payment_id,
      checkoutId: row.id,
    });
    return true;
  });
  return done ? next : undefined;
}

/** Where the shopper's browser goes once the checkout left PaymentReady: the action URL with `?id=`. */
export function redirectFor(row: CheckoutRow): string | undefined {
  if (row.state === "PaymentReady" || !row.action_url) return undefined;
  return actionRedirect(row.action_url, row.id);
}

/**
 * Records the expiry of an open checkout past its lifetime (and of its payment), or of a Pending one
 * whose Multibanco voucher can no longer be paid (its own lifetime no longer counts once a voucher
 * exists), and sends checkout.failed; for the sweep and for writes that find it due. Returns the
 * current row either way.
 */
export async function expireIfDue(ctx: Ctx, row: CheckoutRow, nowMs = Date.now()): Promise<CheckoutRow> {
  if (row.state === "Pending") return expireVoucherIfDue(ctx, row, nowMs);
  const due = checkoutAsOf(row, nowMs);
  if (due === row) return row;
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) return row;
  const next = await finishCheckout(ctx, merchant, row, { state: "Expired", at: due.state_at }, row.attempts);
  return next ?? (await findCheckout(ctx.db, row.merchant_id, row.id)) ?? row;
}

/** A read: an open checkout past its lifetime reads Expired; the sweep records it. */
export async function getCheckoutStatus(ctx: Ctx, merchant: Merchant, id: string): Promise<CheckoutStatus> {
  const row = await findCheckout(ctx.db, merchant.id, id);
  if (!row) throw new NotFoundError("checkout");
  return presentCheckoutStatus(checkoutAsOf(row, Date.now()), ctx.config.PUBLIC_URL);
}

export async function sweepExpiredCheckouts(ctx: Ctx): Promise<number> {
  const rows = await findExpiredOpenCheckouts(ctx.db, Date.now(), 100);
  for (const row of rows) await expireIfDue(ctx, row);
  return rows.length;
}
