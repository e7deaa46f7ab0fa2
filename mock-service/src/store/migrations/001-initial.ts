import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("merchants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("api_key_hash", "text", (c) => c.notNull().unique())
    .addColumn("signing_secret", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("customers")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("uuid", "text", (c) => c.notNull().unique())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("email", "text")
    .addColumn("phone_number", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("customers_merchant_customer_id", ["merchant_id", "customer_id"])
    .execute();
  await db.schema
    .createIndex("customers_merchant_seq")
    .on("customers")
    .columns(["merchant_id", "seq"])
    .execute();
  await db.schema
    .createIndex("customers_merchant_email")
    .on("customers")
    .columns(["merchant_id", "email", "seq"])
    .execute();

  await db.schema
    .createTable("payment_methods")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("uuid", "text", (c) => c.notNull().unique())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("customer_uuid", "text", (c) => c.notNull().references("customers.uuid"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("brand", "text")
    .addColumn("last4", "text")
    .addColumn("holder", "text")
    .addColumn("expiry_month", "text")
    .addColumn("expiry_year", "text")
    .addColumn("country_code", "text")
    .addColumn("last3", "text")
    .addColumn("phone_number", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_methods_customer")
    .on("payment_methods")
    .columns(["customer_uuid", "seq"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("entity", "text")
    .addColumn("reference", "text")
    .addColumn("callback_url", "text")
    .addColumn("valid_start", "text")
    .addColumn("valid_end", "text")
    .addColumn("valid_end_ms", "integer")
    .addColumn("available_methods", "text", (c) => c.notNull())
    .addColumn("checkout_id", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payments_reference")
    .on("payments")
    .columns(["merchant_id", "reference", "state"])
    .execute();
  await db.schema
    .createIndex("payments_pending_expiry")
    .on("payments")
    .columns(["state", "valid_end_ms"])
    .execute();

  await db.schema
    .createTable("checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("summary", "text")
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("payment_methods", "text", (c) => c.notNull())
    .addColumn("create_registration", "integer", (c) => c.notNull())
    .addColumn("customer_uuid", "text")
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("action_url", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("state_at", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("result", "text")
    .addColumn("mbway_phone", "text")
    .addColumn("mbway_expires_ms", "integer")
    .addColumn("expires_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("checkouts_open_expiry")
    .on("checkouts")
    .columns(["state", "expires_ms"])
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("response", "text")
    .addColumn("created_ms", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["merchant_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_age").on("idempotency_keys").column("created_ms").execute();

  await db.schema
    .createTable("events")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("checkout_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_merchant_seq").on("events").columns(["merchant_id", "seq"]).execute();
  await db.schema
    .createIndex("events_merchant_payment")
    .on("events")
    .columns(["merchant_id", "payment_id", "seq"])
    .execute();

  await db.schema
    .createTable("deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id"))
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("webhook_id", "text")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempt_count", "integer", (c) => c.notNull())
    .addColumn("next_attempt_ms", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("deliveries_due")
    .on("deliveries")
    .columns(["state", "next_attempt_ms"])
    .execute();
  await db.schema.createIndex("deliveries_event").on("deliveries").column("event_id").execute();

  await db.schema
    .createTable("delivery_attempts")
    .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("delivery_id", "text", (c) => c.notNull().references("deliveries.id"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("delivery_attempts_delivery")
    .on("delivery_attempts")
    .columns(["delivery_id", "seq"])
    .execute();

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("deleted", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("webhooks_merchant")
    .on("webhooks")
    .columns(["merchant_id", "deleted"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "webhooks",
    "delivery_attempts",
    "deliveries",
    "events",
    "idempotency_keys",
    "checkouts",
    "payments",
    "payment_methods",
    "customers",
    "merchants",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
