import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
});
afterAll(() => svc.cleanup());

async function pageCount(): Promise<number> {
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(svc.ctx.db);
  return rows[0]?.page_count ?? 0;
}

describe("storage faults", () => {
  it("a full disk answers 503 in the envelope, keeps serving reads, and recovers when space returns", async () => {
    const before = await svc.api("POST", "/customers", { customerId: "FULL-0" });
    expect(before.status).toBe(201);

    // SQLite's own ceiling on the file size gives the same SQLITE_FULL error as a full disk.
    await sql.raw(`PRAGMA max_page_count = ${await pageCount()}`).execute(svc.ctx.db);
    const payload = "x".repeat(90);
    let full: Awaited<ReturnType<typeof svc.api>> | undefined;
    for (let i = 0; i < 200 && !full; i++) {
      const res = await svc.api("POST", "/customers", {
        customerId: `FULL-${i + 1}-${payload}`.slice(0, 64),
      });
      if (res.status !== 201) full = res;
    }
    expect(full?.status).toBe(503);
    expect(full?.body).toMatchObject({ success: false, error: { code: "storage_unavailable" } });
    expect(full?.headers.get("retry-after")).toBeTruthy();
    const reference = await svc.api("POST", "/payments/references", referenceBody());
    expect([201, 503]).toContain(reference.status);

    const read = await svc.api("GET", `/customers/${before.body.data.uuid}`);
    expect(read.status).toBe(200);

    await sql.raw("PRAGMA max_page_count = 1073741823").execute(svc.ctx.db);
    const after = await svc.api("POST", "/customers", { customerId: "FULL-after" });
    expect(after.status).toBe(201);
  });

  it("a read-only database answers 503 on writes and recovers", async () => {
    await sql.raw("PRAGMA query_only = ON").execute(svc.ctx.db);
    try {
      const res = await svc.api("POST", "/customers", { customerId: "RO-1" });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("storage_unavailable");
      expect((await svc.api("GET", "/customers?limit=1")).status).toBe(200);
    } finally {
      await sql.raw("PRAGMA query_only = OFF").execute(svc.ctx.db);
    }
    expect((await svc.api("POST", "/customers", { customerId: "RO-1" })).status).toBe(201);
  });
});
