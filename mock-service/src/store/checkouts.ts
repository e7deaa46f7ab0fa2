import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import { preparedInsert, preparedQuery } from "./prepared";
import type { CheckoutTable } from "./schema";

export type CheckoutRow = Selectable<CheckoutTable>;

export const insertCheckout = preparedInsert<CheckoutRow>(
  {
    id: true,
    merchant_id: true,
    payment_id: true,
    amount: true,
    code: true,
    summary: true,
    language: true,
    payment_methods: true,
    create_registration: true,
    customer_uuid: true,
    request: true,
    action_url: true,
    state: true,
    state_at: true,
    reason: true,
    attempts: true,
    result: true,
    mbway_phone: true,
    mbway_expires_ms: true,
    challenge_expires_ms: true,
    challenge: true,
    voucher: true,
    expires_ms: true,
    created_at: true,
  },
  (q, row) => q.insertInto("checkouts").values(row),
);

const checkoutById = preparedQuery<{ id: string }, CheckoutRow>((q, arg) =>
  q.selectFrom("checkouts").selectAll().where("id", "=", arg("id")),
);

/** Without a merchant: the frame API knows only the checkout id. */
export async function findCheckoutById(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await checkoutById(db, { id });
  return row;
}

export async function findCheckout(db: Db, merchantId: string, id: string): Promise<CheckoutRow | undefined> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
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
  changes: Updateable<CheckoutTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("checkouts")
    .set(changes)
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
    .execute();
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
    .execute();
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
    .execute();
}

/** The checkout a payment belongs to, known by the payment's id alone (the issuer's page). */
export async function findCheckoutByPaymentId(db: Db, paymentId: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom("checkouts").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}
