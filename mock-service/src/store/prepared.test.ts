import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./db";
import { type PaymentRow, findPayment, insertPayment } from "./payments";
import { preparedInsert, preparedQuery } from "./prepared";

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
  available_methods: ["MB"],
  checkout_id: null,
  confirmed_at: null,
  registration_id: null,
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
    ({ db } = await openDatabase(":memory:"));
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

  it("binds each call's own parameters, in the order the SQL names them", async () => {
    const query = preparedQuery<{ id: string }>(
      `select "id" from "payments" where "amount" >= ? and "kind" = 'reference' and "merchant_id" = ? order by "id"`,
    );
    expect(await query(db, [150, "mer_b"])).toEqual([{ id: "pay_2" }]);
    expect(await query(db, [50, "mer_a"])).toEqual([{ id: "pay_1" }]);
    expect(await query(db, [500, "mer_a"])).toEqual([]);
  });

  it("takes part in the caller's transaction: a rollback undoes its insert", async () => {
    const failed = db.transaction().execute(async (tx) => {
      await insertPayment(tx, payment("pay_3", "mer_a", 300));
      expect(await findPayment(tx, "mer_a", "pay_3")).toBeDefined();
      throw new Error("the operation fails after writing");
    });
    await expect(failed).rejects.toThrow("the operation fails after writing");
    expect(await findPayment(db, "mer_a", "pay_3")).toBeUndefined();
  });

  it("an insert names every column of its row, quoted", async () => {
    const insert = preparedInsert<{
      id: string;
      name: string;
      api_key_hash: string;
      signing_secret: string;
      entity: string;
      created_at: string;
    }>("merchants", {
      id: true,
      name: true,
      api_key_hash: true,
      signing_secret: true,
      entity: true,
      created_at: true,
    });
    await insert(db, {
      id: "mer_c",
      name: "C",
      api_key_hash: "c",
      signing_secret: "s",
      entity: "12345",
      created_at: "x",
    });
    const [row] = await preparedQuery<{ name: string }>(`select "name" from "merchants" where "id" = ?`)(db, [
      "mer_c",
    ]);
    expect(row).toEqual({ name: "C" });
  });
});
