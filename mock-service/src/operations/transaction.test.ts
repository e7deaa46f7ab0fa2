import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { openDatabase } from "../store/db";
import { onCheckoutChange } from "./checkout-updates";
import type { Ctx } from "./context";
import { inTransaction } from "./transaction";

describe("inTransaction", () => {
  let ctx: Ctx;
  const notify = vi.fn();
  beforeAll(async () => {
    const { db, durability } = await openDatabase(":memory:");
    await sql`CREATE TABLE t (v TEXT PRIMARY KEY)`.execute(db);
    ctx = { db, durability, config: loadConfig({}), notify };
  });
  afterAll(() => ctx.db.destroy());

  it("runs what was queued once the transaction has ended well, and only then", async () => {
    notify.mockClear();
    const pushes: string[] = [];
    const off = onCheckoutChange("ck_1", () => pushes.push("ck_1"));
    try {
      await inTransaction(ctx, async (tx, after) => {
        await sql`INSERT INTO t (v) VALUES ('one')`.execute(tx);
        after.deliveriesQueued();
        after.checkoutChanged("ck_1");
        expect(notify).not.toHaveBeenCalled();
        expect(pushes).toEqual([]);
      });
      expect(notify).toHaveBeenCalledTimes(1);
      expect(pushes).toEqual(["ck_1"]);
    } finally {
      off();
    }
  });

  it("runs nothing and keeps nothing when the work fails", async () => {
    notify.mockClear();
    const pushes: string[] = [];
    const off = onCheckoutChange("ck_2", () => pushes.push("ck_2"));
    try {
      const failed = inTransaction(ctx, async (tx, after) => {
        await sql`INSERT INTO t (v) VALUES ('two')`.execute(tx);
        after.deliveriesQueued();
        after.checkoutChanged("ck_2");
        throw new Error("the operation fails after writing");
      });
      await expect(failed).rejects.toThrow("the operation fails after writing");
      expect(notify).not.toHaveBeenCalled();
      expect(pushes).toEqual([]);
      const { rows } = await sql<{ v: string }>`SELECT v FROM t WHERE v = 'two'`.execute(ctx.db);
      expect(rows).toEqual([]);
    } finally {
      off();
    }
  });
});
