import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_TTL_MS, purgeExpiredIdempotencyKeys } from "../src/store/idempotency";
import { startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
});
afterAll(() => svc.cleanup());

describe("Idempotency-Key retention", () => {
  it("a key is forgotten after 24 hours: the sweep purges it and the same key runs again", async () => {
    const headers = { "idempotency-key": "old-key" };
    const first = await svc.api("POST", "/customers", { customerId: "RET-1" }, { headers });
    expect(first.status).toBe(201);
    const fresh = await svc.api("POST", "/customers", { customerId: "RET-1" }, { headers });
    expect(fresh.body).toEqual(first.body); // within 24 h: replayed

    await sql`update idempotency_keys set created_ms = ${Date.now() - IDEMPOTENCY_TTL_MS - 1000} where key = 'old-key'`.execute(
      svc.ctx.db,
    );
    expect(await purgeExpiredIdempotencyKeys(svc.ctx.db, Date.now())).toBe(1);
    const again = await svc.api("POST", "/customers", { customerId: "RET-2" }, { headers });
    expect(again.status).toBe(201);
    expect(again.body.data.customerId).toBe("RET-2");
  });
});
