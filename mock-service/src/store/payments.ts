import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import { preparedInsert, preparedQuery } from "./prepared";
import type { PaymentTable } from "./schema";

export type PaymentRow = Selectable<PaymentTable>;

export const insertPayment = preparedInsert<PaymentRow>("payments", {
  id: true,
  merchant_id: true,
  kind: true,
  amount: true,
  state: true,
  entity: true,
  reference: true,
  callback_url: true,
  valid_start: true,
  valid_end: true,
  valid_end_ms: true,
  available_methods: true,
  checkout_id: true,
  confirmed_at: true,
  created_at: true,
  updated_at: true,
});

const paymentById = preparedQuery<PaymentRow>(
  `select * from "payments" where "id" = ? and "merchant_id" = ?`,
);

export async function findPayment(db: Db, merchantId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await paymentById(db, [id, merchantId]);
  return row;
}

/**
 * The merchant's references with this entity and 7-digit reference number, whatever their check digits
 * (so that a payment with wrong check digits can be told apart from an unknown reference), oldest first.
 */
export async function findPaymentsByReferenceNumber(
  db: Db,
  merchantId: string,
  entity: string,
  number7: string,
): Promise<PaymentRow[]> {
  if (!/^\d{7}$/.test(number7)) return [];
  return db
    .selectFrom("payments")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("entity", "=", entity)
    .where("reference", "like", `${number7}__`)
    .orderBy("created_at")
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
