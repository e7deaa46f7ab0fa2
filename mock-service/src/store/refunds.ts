import { type Selectable, sql } from "kysely";
import type { Db } from "./db";
import type { RefundTable } from "./schema";

export type RefundRow = Selectable<RefundTable>;

export async function insertRefund(db: Db, row: Omit<RefundRow, "seq">): Promise<void> {
  await db.insertInto("refunds").values(row).execute();
}

/** A payment's refunds, oldest first. */
export async function listRefunds(db: Db, merchantId: string, paymentId: string): Promise<RefundRow[]> {
  return db
    .selectFrom("refunds")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("merchant_id", "=", merchantId)
    .orderBy("seq")
    .execute();
}

/**
 * Adds `amount` to a confirmed payment's refunded total unless that would pass the payment's amount.
 * Returns false when it would (or the payment is not confirmed): nothing is written then.
 */
export async function addRefundedAmount(
  db: Db,
  paymentId: string,
  amount: number,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ amount_refunded: sql`amount_refunded + ${amount}`, updated_at: updatedAt })
    .where("id", "=", paymentId)
    .where("state", "=", "confirmed")
    .where(sql<boolean>`amount_refunded + ${amount} <= amount`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
