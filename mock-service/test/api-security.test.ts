import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { embedCheckoutBody, referenceBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
let otherKey: string;
beforeAll(async () => {
  // Every route is tried with bad keys from one address: more than the failed-auth limit, which has its
  // own test (auth-failures.test.ts).
  svc = await startTestService({ AUTH_FAILURES_PER_MINUTE: "100000" });
  otherKey = (await createMerchant(svc.ctx.db, "Other shop")).apiKey;
});
afterAll(() => svc.cleanup());

/** Every merchant route, read from Fastify's own route table so that a new route cannot be missed. */
function merchantRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const tree = svc.app.printRoutes({ commonPrefix: false, includeMeta: false });
  const publicPrefixes = [
    "/docs",
    "/openapi.json",
    "/health",
    "/embed",
    "/frame-api",
    "/checkout-frame",
    "/widget",
  ];
  // printRoutes output is a tree; hasRoute is the reliable check, so enumerate the documented paths instead.
  const spec = svc.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, ops] of Object.entries(spec.paths)) {
    if (publicPrefixes.some((p) => path.startsWith(p))) continue;
    for (const method of Object.keys(ops)) routes.push({ method: method.toUpperCase(), url: path });
  }
  expect(tree.length).toBeGreaterThan(0);
  return routes;
}

function concrete(url: string): string {
  return url
    .replace("{uuid}", "00000000-0000-4000-8000-000000000000")
    .replace("{methodUuid}", "00000000-0000-4000-8000-000000000001")
    .replace("{id}", "x");
}

describe("authentication on every merchant route", () => {
  it("covers at least the interface's routes", () => {
    const urls = merchantRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "POST /checkouts",
      "GET /customers",
      "GET /customers/{uuid}/paymentMethods",
      "POST /payments/references",
      "GET /payments/{id}",
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it.each([
    ["no header", null, undefined],
    ["unknown key", "sk_test_unknown", undefined],
    ["malformed header", null, "Basic abc"],
    ["empty bearer", null, "Bearer "],
  ])("answers 401 in the envelope with %s", async (_name, key, header) => {
    for (const route of merchantRoutes()) {
      const res = await svc.api(route.method, concrete(route.url), route.method === "POST" ? {} : undefined, {
        key,
        ...(header !== undefined && { headers: { authorization: header } }),
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: "unauthorized" } });
    }
  });
});

describe("isolation between merchants", () => {
  it("another merchant's resources answer 404, exactly like missing ones", async () => {
    const customer = await svc.api("POST", "/customers", { customerId: "ISO-1", email: "iso@example.pt" });
    const uuid = customer.body.data.uuid;
    const checkout = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const reference = await svc.api("POST", "/payments/references", referenceBody());
    const asOther = { key: otherKey };

    const missingCustomer = await svc.api(
      "GET",
      "/customers/00000000-0000-4000-8000-000000000000",
      undefined,
      asOther,
    );
    const otherCustomer = await svc.api("GET", `/customers/${uuid}`, undefined, asOther);
    expect(otherCustomer.status).toBe(404);
    expect(otherCustomer.body.error).toEqual(missingCustomer.body.error);

    expect((await svc.api("GET", `/customers/${uuid}/paymentMethods`, undefined, asOther)).status).toBe(404);
    expect((await svc.api("GET", `/checkouts/${checkout.body.data.id}`, undefined, asOther)).status).toBe(
      404,
    );
    expect((await svc.api("GET", `/payments/${reference.body.data.id}`, undefined, asOther)).status).toBe(
      404,
    );
    expect(
      (await svc.api("GET", `/payments/${checkout.body.data.paymentId}`, undefined, asOther)).status,
    ).toBe(404);
    const list = await svc.api("GET", "/customers?email=iso@example.pt", undefined, asOther);
    expect(list.body.data).toEqual([]);
    const cursor = await svc.api("GET", `/customers?startingAfter=${uuid}`, undefined, asOther);
    expect(cursor.status).toBe(400);
    const usingCustomer = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 100, customer: { uuid } } }),
      asOther,
    );
    expect(usingCustomer.status).toBe(404);
    // The same customerId is free for another merchant.
    expect((await svc.api("POST", "/customers", { customerId: "ISO-1" }, asOther)).status).toBe(201);
  });
});

describe("malformed requests never produce a 5xx", () => {
  it("bad JSON, wrong content type, huge bodies, prototype keys", async () => {
    const badJson = await svc.api("POST", "/customers", "{oops", {
      headers: { "content-type": "application/json" },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe("invalid_json");

    const text = await svc.api("POST", "/customers", "customerId=1", {
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(text.body.success).toBe(false);

    const huge = await svc.api("POST", "/customers", { customerId: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");

    const proto = await svc.api("POST", "/customers", '{"customerId":"P","__proto__":{"admin":true}}', {
      headers: { "content-type": "application/json" },
    });
    expect(proto.status).toBe(400);

    const empty = await svc.api("POST", "/customers", "", {
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(400);

    const array = await svc.api("POST", "/checkouts", [1, 2]);
    expect(array.status).toBe(400);

    const unknownRoute = await svc.api("GET", "/nope");
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.body).toMatchObject({ success: false, error: { code: "not_found" } });
  });

  it("security headers on every response", async () => {
    const res = await fetch(`${svc.baseUrl}/customers`, {
      headers: { authorization: "Bearer sk_test_sandbox" },
    });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body", async () => {
    const headers = { "idempotency-key": "idem-1" };
    const first = await svc.api("POST", "/customers", { customerId: "IDEM-1" }, { headers });
    const second = await svc.api("POST", "/customers", { customerId: "IDEM-1" }, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const list = await svc.api("GET", "/customers?customerId=IDEM-1");
    expect(list.body.data).toHaveLength(1);
  });

  it("answers 409 for the same key with another body, and keys are per merchant", async () => {
    const headers = { "idempotency-key": "idem-2" };
    await svc.api("POST", "/payments/references", referenceBody({ amount: 100 }), { headers });
    const other = await svc.api("POST", "/payments/references", referenceBody({ amount: 200 }), { headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_key_reused");
    const otherMerchant = await svc.api("POST", "/payments/references", referenceBody({ amount: 200 }), {
      headers,
      key: otherKey,
    });
    expect(otherMerchant.status).toBe(201);
  });

  it("a failed request does not hold the key", async () => {
    const headers = { "idempotency-key": "idem-3" };
    const bad = await svc.api("POST", "/customers", { customerId: "" }, { headers });
    expect(bad.status).toBe(400);
    const good = await svc.api("POST", "/customers", { customerId: "IDEM-3" }, { headers });
    expect(good.status).toBe(201);
  });

  it("concurrent duplicates create one resource; the others replay or get 409", async () => {
    const headers = { "idempotency-key": "idem-4" };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => svc.api("POST", "/customers", { customerId: "IDEM-4" }, { headers })),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const created = new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.uuid));
    expect(created.size).toBe(1);
    expect((await svc.api("GET", "/customers?customerId=IDEM-4")).body.data).toHaveLength(1);
  });

  it("refuses a malformed key naming the header", async () => {
    const res = await svc.api(
      "POST",
      "/customers",
      { customerId: "IDEM-5" },
      { headers: { "idempotency-key": "x".repeat(300) } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("headers.idempotency-key");
  });
});

describe("behind https", () => {
  it("sends HSTS when the public URL is https, and not otherwise", async () => {
    const https = await startTestService({ PUBLIC_URL: "https://sandbox.example" });
    try {
      const res = await fetch(`${https.baseUrl}/health`);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    } finally {
      await https.cleanup();
    }
    const plain = await fetch(`${svc.baseUrl}/health`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});
