import type { Selectable } from "kysely";
import type { CheckoutRequest, CheckoutStatus, DeclineReason, PaymentMethodCode } from "../../contract";
import type { Db } from "./db";
import { preparedInsert, preparedQuery } from "./prepared";
import type { CheckoutTable } from "./schema";

/** What a paid checkout records about how it was paid (the contract's `result`). */
export type CheckoutResult = NonNullable<CheckoutStatus["result"]>;

type CheckoutColumns = Selectable<CheckoutTable>;

/** A checkout as stored, its JSON and flag columns parsed. */
export type CheckoutRow = Omit<
  CheckoutColumns,
  "payment_methods" | "create_registration" | "reason" | "result"
> & {
  payment_methods: PaymentMethodCode[];
  create_registration: boolean;
  reason: DeclineReason | null;
  result: CheckoutResult | null;
};

/** The columns a payment attempt may change. */
export type CheckoutChanges = Partial<
  Pick<
    CheckoutRow,
    | "state"
    | "state_at"
    | "reason"
    | "attempts"
    | "result"
    | "mbway_phone"
    | "mbway_expires_ms"
    | "challenge_expires_ms"
    | "challenge"
    | "voucher"
  >
>;

/**
 * The row object comes fresh from better-sqlite3 and nobody else holds it: its columns are replaced
 * in place rather than copying the row on every read.
 */
export function parseCheckoutRow(row: CheckoutColumns): CheckoutRow {
  const parsed = row as unknown as CheckoutRow;
  parsed.payment_methods = JSON.parse(row.payment_methods) as PaymentMethodCode[];
  parsed.create_registration = row.create_registration === 1;
  parsed.result = row.result === null ? null : (JSON.parse(row.result) as CheckoutResult);
  return parsed;
}

/** The request the checkout was created with, as received (validated then). */
export function checkoutRequest(row: CheckoutRow): CheckoutRequest {
  return JSON.parse(row.request) as CheckoutRequest;
}

/** A new open checkout: nothing attempted yet. */
export function newCheckoutRow(
  fields: Pick<
    CheckoutRow,
    | "id"
    | "merchant_id"
    | "payment_id"
    | "amount"
    | "code"
    | "summary"
    | "language"
    | "payment_methods"
    | "create_registration"
    | "customer_uuid"
    | "request"
    | "action_url"
    | "expires_ms"
    | "created_at"
  >,
): CheckoutRow {
  return {
    ...fields,
    state: "PaymentReady",
    state_at: fields.created_at,
    reason: null,
    attempts: 0,
    result: null,
    mbway_phone: null,
    mbway_expires_ms: null,
    challenge_expires_ms: null,
    challenge: null,
    voucher: null,
  };
}

export const insertCheckout = preparedInsert<CheckoutRow>("checkouts", {
  id: true,
  merchant_id: true,
  payment_id: true,
  amount: true,
  code: true,
  summary: true,
  language: true,
  payment_methods: JSON.stringify,
  create_registration: (flag) => (flag ? 1 : 0),
  customer_uuid: true,
  request: true,
  action_url: true,
  state: true,
  state_at: true,
  reason: true,
  attempts: true,
  result: (result) => (result === null ? null : JSON.stringify(result)),
  mbway_phone: true,
  mbway_expires_ms: true,
  challenge_expires_ms: true,
  challenge: true,
  voucher: true,
  expires_ms: true,
  created_at: true,
});

const checkoutById = preparedQuery<CheckoutColumns>(`select * from "checkouts" where "id" = ?`);

/** Without a merchant: the frame API knows only the checkout id. */
export async function findCheckoutById(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await checkoutById(db, [id]);
  return row && parseCheckoutRow(row);
}

export async function findCheckout(db: Db, merchantId: string, id: string): Promise<CheckoutRow | undefined> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst()
    .then((row) => row && parseCheckoutRow(row));
}

/**
 * Compare-and-set on what the caller read (state, attempt count, waiting MB WAY request, open 3-D
 * Secure challenge), so that concurrent submissions charge once, a cancelled MB WAY request cannot
 * be approved afterwards and a challenge is answered once.
 */
export async function updateCheckout(
  db: Db,
  id: string,
  expected: Pick<CheckoutRow, "state" | "attempts" | "mbway_expires_ms" | "challenge_expires_ms">,
  changes: CheckoutChanges,
): Promise<boolean> {
  const { result: paid, ...plain } = changes;
  const result = await db
    .updateTable("checkouts")
    .set(paid === undefined ? plain : { ...plain, result: paid === null ? null : JSON.stringify(paid) })
    .where("id", "=", id)
    .where("state", "=", expected.state)
    .where("attempts", "=", expected.attempts)
    .where("mbway_expires_ms", expected.mbway_expires_ms === null ? "is" : "=", expected.mbway_expires_ms)
    .where(
      "challenge_expires_ms",
      expected.challenge_expires_ms === null ? "is" : "=",
      expected.challenge_expires_ms,
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findExpiredOpenCheckouts(db: Db, nowMs: number, limit: number): Promise<CheckoutRow[]> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("state", "=", "PaymentReady")
    .where("expires_ms", "<=", nowMs)
    .limit(limit)
    .execute()
    .then((rows) => rows.map(parseCheckoutRow));
}

/** Checkouts whose MB WAY request is waiting for the shopper's answer. */
export async function findWaitingMbway(db: Db, limit: number): Promise<CheckoutRow[]> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("mbway_expires_ms", "is not", null)
    .where("state", "=", "PaymentReady")
    .orderBy("mbway_expires_ms")
    .limit(limit)
    .execute()
    .then((rows) => rows.map(parseCheckoutRow));
}

/** Checkouts whose 3-D Secure challenge was left unanswered past its deadline. */
export async function findTimedOutChallenges(db: Db, nowMs: number, limit: number): Promise<CheckoutRow[]> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("challenge_expires_ms", "is not", null)
    .where("challenge_expires_ms", "<=", nowMs)
    .where("state", "=", "PaymentReady")
    .limit(limit)
    .execute()
    .then((rows) => rows.map(parseCheckoutRow));
}

/** The checkout a payment belongs to, known by the payment's id alone (the issuer's page). */
export async function findCheckoutByPaymentId(db: Db, paymentId: string): Promise<CheckoutRow | undefined> {
  const row = await db
    .selectFrom("checkouts")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row && parseCheckoutRow(row);
}
