import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { migrationProvider } from "../src/store/db";
import type { Database } from "../src/store/schema";
import { signIn } from "./dashboard-helpers";
import { embedCheckoutBody, SANDBOX_KEY, startTestService } from "./helpers";
import { shopper } from "./shopper-helpers";

/** Migration 005 on a database made by an earlier version: the attempt log starts empty for old payments. */

const dir = mkdtempSync(join(tmpdir(), "sandbox-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("upgrades a database at 004 with a finished checkout: its timeline shows what the payment records, new attempts are logged", async () => {
  const old = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(join(dir, "sandbox.db")) }),
  });
  const migrated = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(
    "004-shopper-flows",
  );
  expect(migrated.error).toBeUndefined();
  const tables = async () => (await old.introspection.getTables()).map((t) => t.name);
  expect(await tables()).not.toContain("payment_attempts");

  // A checkout declined after three attempts, as version 004 stored it: a count and the last reason.
  const merchant = await createMerchant(old, "Sandbox merchant", { apiKey: SANDBOX_KEY });
  const createdAt = "2026-01-10T09:00:00.000+00:00";
  const declinedAt = "2026-01-10T09:03:00.000+00:00";
  await old
    .insertInto("payments")
    .values({
      id: "pay_OLDOLDOLDOLDOLDOLD01",
      merchant_id: merchant.id,
      kind: "checkout",
      amount: 990,
      state: "declined",
      entity: null,
      reference: null,
      callback_url: null,
      valid_start: null,
      valid_end: null,
      valid_end_ms: Date.parse(createdAt) + 3_600_000,
      available_methods: JSON.stringify(["CC"]),
      checkout_id: "ck_OLDOLDOLDOLDOLDOLD01",
      confirmed_at: null,
      registration_id: null,
      created_at: createdAt,
      updated_at: declinedAt,
      amount_refunded: 0,
      code: null,
      summary: null,
      reason: null,
    })
    .execute();
  await old
    .insertInto("checkouts")
    .values({
      id: "ck_OLDOLDOLDOLDOLDOLD01",
      merchant_id: merchant.id,
      payment_id: "pay_OLDOLDOLDOLDOLDOLD01",
      amount: 990,
      code: null,
      summary: null,
      language: "en",
      payment_methods: JSON.stringify(["CC"]),
      create_registration: 0,
      customer_uuid: null,
      request: JSON.stringify(embedCheckoutBody({ payment: { amount: 990 } })),
      action_url: "https://shop.example/done",
      state: "Declined",
      state_at: declinedAt,
      reason: "card_declined",
      attempts: 3,
      result: null,
      mbway_phone: null,
      mbway_expires_ms: null,
      challenge_expires_ms: null,
      challenge: null,
      voucher: null,
      expires_ms: Date.parse(createdAt) + 3_600_000,
      created_at: createdAt,
    })
    .execute();
  await old.destroy();

  // The service opens it and migrates to the latest version.
  const svc = await startTestService({}, { dir });
  try {
    const names = await sql<{ name: string }>`select name from kysely_migration`.execute(svc.ctx.db);
    expect(names.rows.map((m) => m.name)).toContain("005-payment-attempts");
    const dashboard = await signIn(svc, SANDBOX_KEY);
    const before = await dashboard.call("GET", "/dashboard/api/payments/pay_OLDOLDOLDOLDOLDOLD01");
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.checkout.attempts).toBe(3);
    expect(before.body.data.timeline).toEqual([
      { at: createdAt, kind: "created" },
      { at: declinedAt, kind: "declined", reason: "card_declined" },
    ]);

    // Payments made after the upgrade have their attempts logged.
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout();
    expect((await shop.payCard(id, "4000000000000002")).body.data.reason).toBe("card_declined");
    const after = await dashboard.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(after.body.data.timeline.filter((e: { kind: string }) => e.kind === "attempt")).toEqual([
      expect.objectContaining({ number: 1, method: "card", result: "declined", reason: "card_declined" }),
    ]);
  } finally {
    await svc.cleanup();
  }
});
