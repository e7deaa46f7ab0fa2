import { type Kysely, sql } from "kysely";

/**
 * Refunds, merchant-initiated charges of saved methods, and the order code and summary on payments.
 * Existing payments get amount_refunded 0; existing saved cards charge as they did (no stored decline).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("amount_refunded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("payments").addColumn("code", "text").execute();
  await db.schema.alterTable("payments").addColumn("summary", "text").execute();
  await db.schema.alterTable("payments").addColumn("reason", "text").execute();
  // Copies the order code and summary of payments made before this migration from their checkout.
  await sql`UPDATE payments SET code = (SELECT code FROM checkouts WHERE checkouts.id = payments.checkout_id),
    summary = (SELECT summary FROM checkouts WHERE checkouts.id = payments.checkout_id)
    WHERE checkout_id IS NOT NULL`.execute(db);

  await db.schema.alterTable("payment_methods").addColumn("stored_decline_reason", "text").execute();

  await db.schema
    .createTable("refunds")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_payment").on("refunds").columns(["payment_id", "seq"]).execute();

  await db.schema
    .createTable("charges")
    .addColumn("payment_id", "text", (c) => c.primaryKey().references("payments.id"))
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("customer_uuid", "text", (c) => c.notNull())
    .addColumn("payment_method_uuid", "text", (c) => c.notNull())
    .addColumn("method_code", "text", (c) => c.notNull())
    .addColumn("mbway_phone", "text")
    .addColumn("mbway_started_ms", "integer")
    .addColumn("mbway_expires_ms", "integer")
    .execute();
  await db.schema.createIndex("charges_mbway_waiting").on("charges").column("mbway_expires_ms").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("charges").execute();
  await db.schema.dropTable("refunds").execute();
  await db.schema.alterTable("payment_methods").dropColumn("stored_decline_reason").execute();
  for (const column of ["reason", "summary", "code", "amount_refunded"]) {
    await db.schema.alterTable("payments").dropColumn(column).execute();
  }
}
