import type { CardPaymentRequest, FrameCheckout, PaymentOutcome } from "../../contract";
import { checkCardNumber, checkCvc, checkExpiry, detectBrand, digitsOnly } from "../../contract";
import { ConflictError, type ErrorDetail, InvalidRequestError, NotFoundError } from "../http/api-error";
import { checkoutAsOf } from "../domain/expiry";
import { actionRedirect } from "../domain/redirect";
import { cardOutcome, storedChargeDecline } from "../domain/test-cards";
import { isoTimestamp } from "../domain/time";
import { checkoutRequest, type CheckoutRow, findCheckoutById } from "../store/checkouts";
import { findMerchantById } from "../store/merchants";
import { changeCheckout, expireIfDue, finishCheckout, presentPurchase } from "./checkouts";
import type { Ctx } from "./context";
import { registrationIdFor, storeRegisteredMethod } from "./payment-methods";
import { inTransaction } from "./transaction";

function redirectFor(row: CheckoutRow): string | undefined {
  if (row.state === "PaymentReady" || !row.action_url) return undefined;
  return actionRedirect(row.action_url, row.id);
}

/**
 * The language the merchant chose for the checkout (`page.language`), read from its request as
 * received (validated then); undefined when the frame is to speak the shopper's browser language.
 */
export function merchantLanguage(row: CheckoutRow): string | undefined {
  return checkoutRequest(row).page?.language;
}

export function presentFrameCheckout(ctx: Ctx, row: CheckoutRow): FrameCheckout {
  const redirectUrl = redirectFor(row);
  const { language: _default, ...purchase } = presentPurchase(row);
  const language = merchantLanguage(row);
  return {
    id: row.id,
    ...purchase,
    ...(language && { language }),
    state: row.state,
    attemptsLeft: Math.max(0, ctx.config.CHECKOUT_MAX_ATTEMPTS - row.attempts),
    ...(row.reason !== null && { reason: row.reason }),
    ...(redirectUrl && { redirectUrl }),
    ...(row.mbway_expires_ms !== null && {
      mbway: { paymentStatus: "waiting" as const, expiresAt: isoTimestamp(row.mbway_expires_ms) },
    }),
  };
}

/** For a payment attempt: the checkout, its expiry recorded first if its lifetime is over. */
export async function loadOpenableCheckout(ctx: Ctx, id: string): Promise<CheckoutRow> {
  const row = await findCheckoutById(ctx.db, id);
  if (!row) throw new NotFoundError("checkout");
  return expireIfDue(ctx, row);
}

/** A read: the checkout as it is now (Expired past its lifetime, which the sweep records). */
export async function readFrameCheckout(ctx: Ctx, id: string): Promise<CheckoutRow> {
  const row = await findCheckoutById(ctx.db, id);
  if (!row) throw new NotFoundError("checkout");
  return checkoutAsOf(row, Date.now());
}

export async function getFrameCheckout(ctx: Ctx, id: string): Promise<FrameCheckout> {
  return presentFrameCheckout(ctx, await readFrameCheckout(ctx, id));
}

/**
 * The checkout as committed: for the event stream, whose pushes wait for no response hook.
 * Reads again when the batch it read from was lost in a failed commit.
 */
export async function getCommittedFrameCheckout(ctx: Ctx, id: string): Promise<FrameCheckout> {
  const storage = ctx.durability;
  for (let attempt = 1; ; attempt++) {
    const epoch = storage.epoch;
    const checkout = await getFrameCheckout(ctx, id);
    try {
      await storage.durable(epoch);
      return checkout;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

function checkCard(card: CardPaymentRequest): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const numberProblem = checkCardNumber(card.number);
  if (numberProblem)
    problems.push({ path: "number", message: `is not a valid card number (${numberProblem})` });
  const expiryProblem = checkExpiry(`${card.expiryMonth}${card.expiryYear.slice(2)}`);
  if (expiryProblem)
    problems.push({ path: "expiryYear", message: `is not a valid expiry date (${expiryProblem})` });
  const cvcLength = detectBrand(card.number)?.cvcLength ?? 3;
  if (checkCvc(card.cvc, card.number)) problems.push({ path: "cvc", message: `must be ${cvcLength} digits` });
  return problems;
}

/** Pays a checkout with a card. Only the brand, last four digits, holder and expiry are ever kept. */
export async function payWithCard(ctx: Ctx, id: string, card: CardPaymentRequest): Promise<PaymentOutcome> {
  const row = await loadOpenableCheckout(ctx, id);
  if (!row.payment_methods.includes("CC"))
    throw new ConflictError("method_not_offered", "this checkout does not take cards");
  if (row.state !== "PaymentReady") {
    throw new ConflictError("checkout_closed", `this checkout is ${row.state} and takes no more payments`);
  }
  if (row.mbway_phone !== null) {
    throw new ConflictError("payment_in_progress", "an MB WAY payment is waiting for approval");
  }
  const problems = checkCard(card);
  if (problems.length > 0)
    throw new InvalidRequestError("invalid_card", "the card details are not valid", problems);

  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) throw new NotFoundError("checkout");
  const number = digitsOnly(card.number);
  const outcome = cardOutcome(number);
  const attempts = row.attempts + 1;
  const maxAttempts = ctx.config.CHECKOUT_MAX_ATTEMPTS;
  const brand = detectBrand(number)?.label ?? "Card";
  const last4 = number.slice(-4);

  if (outcome.approved) {
    const registrationId = registrationIdFor(row);
    const next = await finishCheckout(
      ctx,
      merchant,
      row,
      {
        state: "Success",
        result: {
          paymentMethodCode: "CC",
          brand,
          last4Digits: last4,
          ...(registrationId && { registrationId }),
        },
      },
      attempts,
      async (tx) => {
        if (!registrationId) return;
        await storeRegisteredMethod(tx, row, registrationId, {
          code: "CC",
          brand,
          last4,
          holder: card.holder,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          storedDeclineReason: storedChargeDecline(number),
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
      { state: "Declined", reason: outcome.reason },
      attempts,
    );
    if (!next) throw concurrentPayment();
    return {
      state: next.state,
      approved: false,
      reason: outcome.reason,
      attemptsLeft: 0,
      ...withRedirect(next),
    };
  }
  const changed = await inTransaction(ctx, (tx, after) =>
    changeCheckout(tx, after, row, { attempts, reason: outcome.reason ?? null }),
  );
  if (!changed) throw concurrentPayment();
  return {
    state: "PaymentReady",
    approved: false,
    reason: outcome.reason,
    attemptsLeft: maxAttempts - attempts,
  };
}

function withRedirect(row: CheckoutRow): { redirectUrl?: string } {
  const url = redirectFor(row);
  return url ? { redirectUrl: url } : {};
}

function concurrentPayment(): ConflictError {
  return new ConflictError(
    "payment_in_progress",
    "another payment of this checkout was processed at the same time",
  );
}
