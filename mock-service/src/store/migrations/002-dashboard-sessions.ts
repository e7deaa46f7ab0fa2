import type { Kysely } from "kysely";

/**
 * The dashboard's sign-in sessions (only a hash of each session id is stored), and the indexes its
 * lists need: payments and checkouts newest first per merchant, deliveries per merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("dashboard_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("dashboard_sessions_expiry")
    .on("dashboard_sessions")
    .column("expires_ms")
    .execute();
  await db.schema
    .createIndex("payments_merchant_created")
    .on("payments")
    .columns(["merchant_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("checkouts_merchant_created")
    .on("checkouts")
    .columns(["merchant_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("checkouts_payment").on("checkouts").column("payment_id").execute();
  await db.schema.createIndex("deliveries_merchant").on("deliveries").column("merchant_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("deliveries_merchant").execute();
  await db.schema.dropIndex("checkouts_payment").execute();
  await db.schema.dropIndex("checkouts_merchant_created").execute();
  await db.schema.dropIndex("payments_merchant_created").execute();
  await db.schema.dropTable("dashboard_sessions").execute();
}
