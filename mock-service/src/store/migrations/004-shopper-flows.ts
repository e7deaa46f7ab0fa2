import type { Kysely } from "kysely";

/**
 * Round 2 shopper flows: 3-D Secure challenges, saved cards' issuer behaviour, Multibanco vouchers in
 * checkouts, and which stored method a payment used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The open challenge's deadline, and what the issuer answers once it is completed (JSON, no card number).
  await db.schema.alterTable("checkouts").addColumn("challenge_expires_ms", "integer").execute();
  await db.schema.alterTable("checkouts").addColumn("challenge", "text").execute();
  // The Multibanco voucher shown to the shopper (JSON: entity, reference, expiresAt).
  await db.schema.alterTable("checkouts").addColumn("voucher", "text").execute();
  await db.schema
    .createIndex("checkouts_open_challenge")
    .on("checkouts")
    .column("challenge_expires_ms")
    .where("challenge_expires_ms", "is not", null)
    .execute();

  // Whether the issuer asks for 3-D Secure on every payment with a stored card (from the test card it
  // was saved from, never its number); `stored_decline_reason` (003) says how it declines.
  await db.schema.alterTable("payment_methods").addColumn("three_ds", "text").execute();

  await db.schema.alterTable("payments").addColumn("registration_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("checkouts_open_challenge").execute();
  for (const column of ["challenge_expires_ms", "challenge", "voucher"]) {
    await db.schema.alterTable("checkouts").dropColumn(column).execute();
  }
  await db.schema.alterTable("payment_methods").dropColumn("three_ds").execute();
  await db.schema.alterTable("payments").dropColumn("registration_id").execute();
}
