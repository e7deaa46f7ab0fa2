import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../contract/errors";
import { startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  // Random keys are 401s and random checkout ids share the address's paying budget: with the default
  // limits the address would be answered 429 after 30 or 10 of them and the rest of the run would never
  // reach a route's validation (the limits have their own tests).
  svc = await startTestService({ AUTH_FAILURES_PER_MINUTE: "1000000", FRAME_PAYING_PER_MINUTE: "1000000" });
});
afterAll(() => svc.cleanup());

const TABLES = [
  "customers",
  "payments",
  "checkouts",
  "payment_methods",
  "webhooks",
  "events",
  "deliveries",
  "idempotency_keys",
];

async function stateFingerprint(): Promise<string> {
  const counts = [];
  for (const table of TABLES) {
    const { rows } = await sql<{
      n: number;
      m: string | null;
    }>`select count(*) as n, max(rowid) as m from ${sql.table(table)}`.execute(svc.ctx.db);
    counts.push(`${table}=${rows[0]?.n}/${rows[0]?.m}`);
  }
  const { rows } = await sql<{
    s: string;
  }>`select group_concat(state) as s from (select state from payments union all select state from checkouts)`.execute(
    svc.ctx.db,
  );
  return `${counts.join(",")};${rows[0]?.s}`;
}

function operations(): { method: string; path: string }[] {
  const spec = svc.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom(
    "ck_AAAAAAAAAAAAAAAAAAAA",
    "pay_AAAAAAAAAAAAAAAAAAAA",
    "..",
    "%00",
    "__proto__",
    "constructor",
  ),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.constantFrom("", "-1", "1e309", "NaN"),
);
const queryKey = fc.oneof(
  fc.constantFrom("limit", "email", "customerId", "startingAfter", "type", "paymentId", "__proto__"),
  fc.string({ maxLength: 10 }),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({
    payment: fc.record(
      { amount: fc.oneof(fc.integer(), fc.double(), fc.string()), customer: fc.jsonValue() },
      { requiredKeys: [] },
    ),
    page: fc.jsonValue(),
    redirects: fc.jsonValue(),
  }),
  fc.record(
    { customerId: fc.jsonValue(), email: fc.jsonValue(), phoneNumber: fc.jsonValue() },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      type: fc.constantFrom("payment", "x"),
      amount: fc.jsonValue(),
      availableMethods: fc.jsonValue(),
      validDate: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.record({ url: fc.oneof(fc.webUrl(), fc.string()), events: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ entity: fc.string(), reference: fc.string(), amount: fc.jsonValue() }, { requiredKeys: [] }),
);

const headers = fc.record(
  {
    authorization: fc.oneof(
      fc.constant("Bearer sk_test_sandbox"),
      fc.constant("Bearer sk_test_sandbox"),
      fc.string({ maxLength: 40 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 40 }),
    ),
    "content-type": fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ),
    "idempotency-key": fc.oneof(fc.string({ maxLength: 20 }), fc.uuid()),
  },
  { requiredKeys: ["authorization"] },
);

const RUNS = 800;

/** 400s about the merchant's account rather than a field of the request: no `details`. */
const NOT_ABOUT_A_FIELD: ErrorCode[] = ["webhook_limit_reached"];

describe("random requests against every documented route", () => {
  it("names a body key that is empty or only spaces readably in the error's path", async () => {
    for (const key of ["", " ", "\t"]) {
      const res = await svc.api("POST", "/customers", { customerId: "C-blank", [key]: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ path: "(empty key)", message: "is not a known field" }]);
    }
    const nested = await svc.api("POST", "/checkouts", { payment: { amount: 100, " ": { x: 1 } } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details.map((d: { path: string }) => d.path)).toContain("payment.(empty key)");
  });

  it("never answer 5xx, always answer the envelope, and change no state on a 4xx", async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(15);
    let tried = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ops),
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }),
        body,
        fc.boolean(),
        headers,
        async (op, segments, query, payload, rawGarbage, extraHeaders) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(segments[i++] ?? ""));
          const qs = new URLSearchParams(query).toString();
          const before = await stateFingerprint();
          const hasBody = op.method === "POST";
          // Header values must be sendable at all: drop characters fetch refuses.
          const sendable = Object.fromEntries(
            Object.entries(extraHeaders).map(([k, v]) => [k, String(v).replace(/[^\x20-\x7e]/g, "")]),
          );
          const res = await svc.api(
            op.method,
            `${path}${qs ? `?${qs}` : ""}`,
            hasBody ? (rawGarbage ? `${JSON.stringify(payload)}}` : payload) : undefined,
            { key: null, headers: hasBody ? sendable : { authorization: sendable.authorization ?? "" } },
          );
          tried++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, `${op.method} ${path}?${qs} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.success).toBe(false);
            expect(typeof res.body.error.code).toBe("string");
            if (res.status === 400 && !NOT_ABOUT_A_FIELD.includes(res.body.error.code)) {
              expect(res.body.error.details?.length ?? 0).toBeGreaterThan(0);
              for (const d of res.body.error.details) expect(d.path).toMatch(/\S/);
            }
            expect(await stateFingerprint()).toBe(before);
          } else {
            expect(res.body.success).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(tried).toBe(RUNS);
    console.log(
      `fuzz: ${tried} requests over ${ops.length} operations; statuses`,
      Object.fromEntries(statuses),
    );
  });
});
