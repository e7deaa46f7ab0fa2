import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import type { CheckoutTable } from "./schema";

export type CheckoutRow = Selectable<CheckoutTable>;

export async function insertCheckout(db: Db, row: CheckoutRow): Promise<void> {
  await db.insertInto("checkouts").values(row).execute();
}

/** Without a merchant: the frame API knows only the checkout id. */
export async function findCheckoutById(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findCheckout(db: Db, merchantId: string, id: string): Promise<CheckoutRow | undefined> {
  return db
    .selectFrom("checkouts")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** Compare-and-set on state and attempt count, so that concurrent submissions charge once. */
export async function updateCheckout(
  db: Db,
  id: string,
  expected: { state: CheckoutRow["state"]; attempts: number },
  changes: Updateable<CheckoutTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("checkouts")
    .set(changes)
    .where("id", "=", id)
    .where("state", "=", expected.state)
    .where("attempts", "=", expected.attempts)
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
