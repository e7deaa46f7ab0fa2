import type { Kysely } from "kysely";

/**
 * The attempt log behind the dashboard's payment timeline (store/payment-attempts.ts). Payments made
 * before this migration have no rows: their timeline shows what the payment itself records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_attempts")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("checkout_id", "text", (c) => c.notNull().references("checkouts.id"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .execute();
  await db.schema
    .createIndex("payment_attempts_payment")
    .on("payment_attempts")
    .columns(["payment_id", "seq"])
    .execute();
  // The dashboard's live fingerprint reads each merchant's latest row.
  await db.schema
    .createIndex("payment_attempts_merchant")
    .on("payment_attempts")
    .columns(["merchant_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_attempts").execute();
}
