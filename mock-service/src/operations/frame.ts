import type {
  CardPaymentRequest,
  CheckoutRequest,
  ChallengeResult,
  DeclineReason,
  FrameCheckout,
  PaymentOutcome,
  SavedCard,
  SavedCardPaymentRequest,
} from "../../contract";
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  cvcLengthOfBrand,
  detectBrand,
  digitsOnly,
} from "../../contract";
import { ConflictError, type ErrorDetail, InvalidRequestError, NotFoundError } from "../http/api-error";
import { checkoutAsOf } from "../domain/expiry";
import { decideNewCard, decideSavedCard, isCardExpired, profileOf } from "../domain/issuer";
import { isoTimestamp } from "../domain/time";
import { type CheckoutRow, findCheckoutById } from "../store/checkouts";
import { findMerchantById } from "../store/merchants";
import { findPaymentMethod, listPaymentMethods } from "../store/payment-methods";
import { type CardCharge, challengePath, chargeCard } from "./card-attempts";
import { expireIfDue, presentPurchase, redirectFor } from "./checkouts";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";
import { voucherOf } from "./multibanco-checkout";
import { answerChallenge, timeOutChallengeIfDue } from "./three-ds";

/**
 * The language the merchant chose for the checkout (`page.language`), read from its request as
 * received (validated then); undefined when the frame is to speak the shopper's browser language.
 */
export function merchantLanguage(row: CheckoutRow): string | undefined {
  return (JSON.parse(row.request) as CheckoutRequest).page?.language;
}

/** The frame's view of a checkout; `savedCards` are read by `frameCheckoutOf`. */
export function presentFrameCheckout(
  ctx: Ctx,
  row: CheckoutRow,
  savedCards: SavedCard[] = [],
): FrameCheckout {
  const redirectUrl = redirectFor(row);
  const voucher = voucherOf(row);
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
    ...(savedCards.length > 0 && { savedCards }),
    ...(row.state === "PaymentReady" &&
      row.challenge_expires_ms !== null && {
        challenge: { url: challengePath(row.payment_id), expiresAt: isoTimestamp(row.challenge_expires_ms) },
      }),
    ...(voucher && { multibanco: voucher }),
  };
}

/** The checkout as the frame sees it, with its customer's saved cards while it takes cards. */
export async function frameCheckoutOf(ctx: Ctx, row: CheckoutRow): Promise<FrameCheckout> {
  return presentFrameCheckout(ctx, row, await listSavedCards(ctx, row));
}

/** Only the checkout's own customer's card methods, of the same merchant, that have not expired. */
async function listSavedCards(ctx: Ctx, row: CheckoutRow): Promise<SavedCard[]> {
  const methods = row.payment_methods;
  if (!row.customer_uuid || row.state !== "PaymentReady" || !methods.includes("CC")) return [];
  const stored = await listPaymentMethods(ctx.db, row.merchant_id, row.customer_uuid, "CC");
  return stored
    .filter((m) => m.expiry_month && m.expiry_year && !isCardExpired(m.expiry_month, m.expiry_year))
    .map((m) => ({
      registrationId: m.uuid,
      brand: m.brand ?? "",
      last4Digits: m.last4 ?? "",
      expiryMonth: m.expiry_month ?? "",
      expiryYear: m.expiry_year ?? "",
    }));
}

/** For a payment attempt: the checkout, with what time has done to it recorded first (expiry, a 3-D Secure challenge timing out). */
export async function loadOpenableCheckout(ctx: Ctx, id: string): Promise<CheckoutRow> {
  const row = await findCheckoutById(ctx.db, id);
  if (!row) throw new NotFoundError("checkout");
  return timeOutChallengeIfDue(ctx, await expireIfDue(ctx, row));
}

/** A read: the checkout as it is now (Expired past its lifetime, which the sweep records). */
export async function readFrameCheckout(ctx: Ctx, id: string): Promise<CheckoutRow> {
  const row = await findCheckoutById(ctx.db, id);
  if (!row) throw new NotFoundError("checkout");
  return checkoutAsOf(row, Date.now());
}

export async function getFrameCheckout(ctx: Ctx, id: string): Promise<FrameCheckout> {
  return frameCheckoutOf(ctx, await readFrameCheckout(ctx, id));
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

/** The checkout can take a card payment now, and whose merchant it is. */
async function openForCards(ctx: Ctx, id: string): Promise<{ row: CheckoutRow; merchant: Merchant }> {
  const row = await loadOpenableCheckout(ctx, id);
  const methods = row.payment_methods;
  if (!methods.includes("CC"))
    throw new ConflictError("method_not_offered", "this checkout does not take cards");
  if (row.state !== "PaymentReady") {
    throw new ConflictError("checkout_closed", `this checkout is ${row.state} and takes no more payments`);
  }
  if (row.mbway_phone !== null) {
    throw new ConflictError("payment_in_progress", "an MB WAY payment is waiting for approval");
  }
  if (row.challenge_expires_ms !== null) {
    throw new ConflictError("payment_in_progress", "a card payment waits for 3-D Secure authentication");
  }
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) throw new NotFoundError("checkout");
  return { row, merchant };
}

/** Pays a checkout with a card. Only the brand, last four digits, holder and expiry are ever kept. */
export async function payWithCard(ctx: Ctx, id: string, card: CardPaymentRequest): Promise<PaymentOutcome> {
  const { row, merchant } = await openForCards(ctx, id);
  const problems = checkCard(card);
  if (problems.length > 0)
    throw new InvalidRequestError("invalid_card", "the card details are not valid", problems);
  const number = digitsOnly(card.number);
  const charge = {
    brand: detectBrand(number)?.label ?? "Card",
    last4: number.slice(-4),
    holder: card.holder,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    profile: profileOf(number),
  };
  return chargeCard(ctx, merchant, row, charge, decideNewCard(number));
}

/**
 * One-click payment with one of the checkout's customer's saved cards: its uuid and security code.
 * Another customer's (or merchant's) method is refused as unknown; the issuer treats the payment as
 * it treats that card.
 */
export async function payWithSavedCard(
  ctx: Ctx,
  id: string,
  input: SavedCardPaymentRequest,
): Promise<PaymentOutcome> {
  const { row, merchant } = await openForCards(ctx, id);
  const method = row.customer_uuid
    ? await findPaymentMethod(ctx.db, row.merchant_id, row.customer_uuid, input.registrationId)
    : undefined;
  if (!method || method.code !== "CC" || !method.expiry_month || !method.expiry_year)
    throw InvalidRequestError.field("registrationId", "is not a saved card of this checkout's customer");
  if (isCardExpired(method.expiry_month, method.expiry_year))
    throw InvalidRequestError.field("registrationId", "is a saved card that has expired");
  const brand = method.brand ?? "Card";
  const cvcLength = cvcLengthOfBrand(brand);
  if (input.cvc.length !== cvcLength) {
    throw new InvalidRequestError("invalid_card", "the card details are not valid", [
      { path: "cvc", message: `must be ${cvcLength} digits` },
    ]);
  }
  const charge: CardCharge = {
    brand,
    last4: method.last4 ?? "",
    holder: method.holder ?? "",
    expiryMonth: method.expiry_month,
    expiryYear: method.expiry_year,
    savedMethodUuid: method.uuid,
    profile: {
      threeDS: method.three_ds,
      storedDeclineReason: method.stored_decline_reason as DeclineReason | null,
    },
  };
  return chargeCard(ctx, merchant, row, charge, decideSavedCard(charge.profile));
}

/** The shopper's answer on the issuer's page, relayed by the frame. */
export async function answerFrameChallenge(
  ctx: Ctx,
  id: string,
  result: ChallengeResult,
): Promise<PaymentOutcome> {
  const row = await loadOpenableCheckout(ctx, id);
  const merchant = await findMerchantById(ctx.db, row.merchant_id);
  if (!merchant) throw new NotFoundError("checkout");
  return answerChallenge(ctx, merchant, row, result);
}
