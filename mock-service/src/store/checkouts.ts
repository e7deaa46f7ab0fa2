import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import { preparedInsert, preparedQuery } from "./prepared";
import type { CheckoutTable } from "./schema";

export type CheckoutRow = Selectable<CheckoutTable>;

export const insertCheckout = preparedInsert<CheckoutRow>("checkouts", {
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
  expires_ms: true,
  created_at: true,
});

const checkoutById = preparedQuery<CheckoutRow>(`select * from "checkouts" where "id" = ?`);

/** Without a merchant: the frame API knows only the checkout id. */
export async function findCheckoutById(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await checkoutById(db, [id]);
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
 * Compare-and-set on what the caller read (state, attempt count, waiting MB WAY request), so that
 * concurrent submissions charge once and a cancelled MB WAY request cannot be approved afterwards.
 */
export async function updateCheckout(
  db: Db,
  id: string,
  expected: Pick<CheckoutRow, "state" | "attempts" | "mbway_expires_ms">,
  changes: Updateable<CheckoutTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("checkouts")
    .set(changes)
    .where("id", "=", id)
    .where("state", "=", expected.state)
    .where("attempts", "=", expected.attempts)
    .where("mbway_expires_ms", expected.mbway_expires_ms === null ? "is" : "=", expected.mbway_expires_ms)
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
