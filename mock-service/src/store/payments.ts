import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import type { PaymentTable } from "./schema";

export type PaymentRow = Selectable<PaymentTable>;

export async function insertPayment(db: Db, row: PaymentRow): Promise<void> {
  await db.insertInto("payments").values(row).execute();
}

export async function findPayment(db: Db, merchantId: string, id: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export async function findPaymentByReference(
  db: Db,
  merchantId: string,
  entity: string,
  reference: string,
): Promise<PaymentRow[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("reference", "=", reference)
    .where("entity", "=", entity)
    .execute();
}

export async function referenceInUse(db: Db, merchantId: string, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("reference", "=", reference)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a payment out of `fromState`; returns false when another writer moved it first. */
export async function transitionPayment(
  db: Db,
  id: string,
  fromState: PaymentRow["state"],
  changes: Updateable<PaymentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set(changes)
    .where("id", "=", id)
    .where("state", "=", fromState)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findExpiredPendingReferences(
  db: Db,
  nowMs: number,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("state", "=", "pending")
    .where("valid_end_ms", "<=", nowMs)
    .limit(limit)
    .execute();
}
