import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./db";
import { type PaymentRow, findPayment, insertPayment } from "./payments";
import { preparedQuery } from "./prepared";

const payment = (id: string, merchantId: string, amount: number): PaymentRow => ({
  id,
  merchant_id: merchantId,
  kind: "reference",
  amount,
  state: "pending",
  entity: "12345",
  reference: `${amount}`.padStart(9, "0"),
  callback_url: null,
  valid_start: null,
  valid_end: null,
  valid_end_ms: null,
  available_methods: '["MB"]',
  checkout_id: null,
  confirmed_at: null,
  created_at: "2026-11-23T10:00:00.000+00:00",
  updated_at: "2026-11-23T10:00:00.000+00:00",
  amount_refunded: 0,
  code: null,
  summary: null,
  reason: null,
});

describe("prepared queries", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase(":memory:");
    await db
      .insertInto("merchants")
      .values([
        { id: "mer_a", name: "A", api_key_hash: "a", signing_secret: "s", entity: "12345", created_at: "x" },
        { id: "mer_b", name: "B", api_key_hash: "b", signing_secret: "s", entity: "12345", created_at: "x" },
      ])
      .execute();
  });
  afterAll(() => db.destroy());

  it("inserts every column and reads the row back, by each call's own arguments", async () => {
    await insertPayment(db, payment("pay_1", "mer_a", 100));
    await insertPayment(db, payment("pay_2", "mer_b", 200));
    expect(await findPayment(db, "mer_a", "pay_1")).toEqual(payment("pay_1", "mer_a", 100));
    expect(await findPayment(db, "mer_b", "pay_2")).toEqual(payment("pay_2", "mer_b", 200));
    expect(await findPayment(db, "mer_a", "pay_2")).toBeUndefined(); // another merchant's
  });

  it("maps arguments by name whatever their order in the SQL, and keeps constant parameters", async () => {
    const query = preparedQuery<{ min: number; merchantId: string }, { id: string }>((q, arg) =>
      q
        .selectFrom("payments")
        .select("id")
        .where("amount", ">=", arg("min"))
        .where("kind", "=", "reference")
        .where("merchant_id", "=", arg("merchantId"))
        .orderBy("id"),
    );
    expect(await query(db, { merchantId: "mer_b", min: 150 })).toEqual([{ id: "pay_2" }]);
    expect(await query(db, { min: 50, merchantId: "mer_a" })).toEqual([{ id: "pay_1" }]);
    expect(await query(db, { min: 500, merchantId: "mer_a" })).toEqual([]);
  });
});
