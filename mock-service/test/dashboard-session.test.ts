import { hash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { dashboardCall, signIn } from "./dashboard-helpers";
import { SANDBOX_KEY, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.cleanup());

describe("dashboard sign-in", () => {
  it("sets an HttpOnly, SameSite=Strict session cookie for 12 hours and stores only its hash", async () => {
    const res = await dashboardCall(svc, "POST", "/dashboard/api/session", { apiKey: SANDBOX_KEY });
    expect(res.status).toBe(200);
    expect(res.body.data.merchant.name).toBe("Sandbox merchant");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sandbox_dashboard=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/dashboard");
    expect(cookie).toContain("Max-Age=43200");
    expect(cookie).not.toContain("Secure"); // plain http on loopback
    const id = /^sandbox_dashboard=([^;]+)/.exec(cookie)?.[1] ?? "";
    const rows = await svc.ctx.db.selectFrom("dashboard_sessions").selectAll().execute();
    expect(rows.some((r) => r.id_hash === hash("sha256", id, "hex"))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it("answers 401 naming the field for a wrong key, and 400 for none", async () => {
    const wrong = await dashboardCall(svc, "POST", "/dashboard/api/session", { apiKey: "sk_test_wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: "unauthorized", details: [{ path: "apiKey" }] });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const none = await dashboardCall(svc, "POST", "/dashboard/api/session", {});
    expect(none.status).toBe(400);
    expect(none.body.error.details[0].path).toBe("apiKey");
  });

  it("needs a session for every dashboard API request but the session check", async () => {
    const protectedPaths = [
      "/dashboard/api/payments",
      "/dashboard/api/payments/pay_AAAAAAAAAAAAAAAAAAAA",
      "/dashboard/api/checkouts",
      "/dashboard/api/customers",
      "/dashboard/api/events",
      "/dashboard/api/webhooks",
      "/dashboard/api/stream",
    ];
    for (const path of protectedPaths) {
      const res = await dashboardCall(svc, "GET", path);
      expect(res.status, path).toBe(401);
      const forged = await dashboardCall(svc, "GET", path, undefined, { cookie: "sandbox_dashboard=forged" });
      expect(forged.status, path).toBe(401);
    }
    // The API key itself does not open the dashboard's API.
    const withKey = await svc.api("GET", "/dashboard/api/payments");
    expect(withKey.status).toBe(401);
  });

  it("answers the session check with 200 signedIn:false when nobody is signed in, and forgets a stale cookie", async () => {
    const nobody = await dashboardCall(svc, "GET", "/dashboard/api/session");
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ success: true, data: { signedIn: false } });
    expect(Object.keys(nobody.body.data)).toEqual(["signedIn"]);
    expect(nobody.headers.get("set-cookie")).toBeNull();
    const forged = await dashboardCall(svc, "GET", "/dashboard/api/session", undefined, {
      cookie: "sandbox_dashboard=forged",
    });
    expect(forged.status).toBe(200);
    expect(forged.body.data).toEqual({ signedIn: false });
    expect(forged.headers.get("set-cookie")).toContain("Max-Age=0");
    // With the API key instead of a session: still nobody.
    expect((await svc.api("GET", "/dashboard/api/session")).body.data).toEqual({ signedIn: false });

    const client = await signIn(svc, SANDBOX_KEY);
    const me = await client.call("GET", "/dashboard/api/session");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ signedIn: true, merchant: { name: "Sandbox merchant" } });
  });

  it("refuses state-changing requests from another origin or without one", async () => {
    const client = await signIn(svc, SANDBOX_KEY);
    const hook = { url: "https://shop.example/hook" };
    const foreign = await client.call("POST", "/dashboard/api/webhooks", hook, {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("origin_not_allowed");
    const missing = await svc.api("POST", "/dashboard/api/webhooks", hook, {
      key: null,
      headers: { cookie: client.cookie },
    });
    expect(missing.status).toBe(403);
    const signInElsewhere = await svc.api(
      "POST",
      "/dashboard/api/session",
      { apiKey: SANDBOX_KEY },
      { key: null, headers: { origin: "https://evil.example" } },
    );
    expect(signInElsewhere.status).toBe(403);
    const list = await client.call("GET", "/dashboard/api/webhooks");
    expect(list.body.data).toEqual([]);
  });

  it("signs out: the cookie is cleared and the session no longer works", async () => {
    const client = await signIn(svc, SANDBOX_KEY);
    expect((await client.call("GET", "/dashboard/api/session")).status).toBe(200);
    const out = await client.call("DELETE", "/dashboard/api/session");
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await client.call("GET", "/dashboard/api/session")).body.data).toEqual({ signedIn: false });
    expect((await client.call("GET", "/dashboard/api/payments")).status).toBe(401);
  });

  it("ends a session after 12 hours", async () => {
    const client = await signIn(svc, SANDBOX_KEY);
    await svc.ctx.db
      .updateTable("dashboard_sessions")
      .set({ expires_ms: Date.now() - 1 })
      .execute();
    expect((await client.call("GET", "/dashboard/api/payments")).status).toBe(401);
  });

  it("serves a strict CSP and no framing on its pages and answers", async () => {
    for (const path of ["/dashboard", "/dashboard/payments", "/dashboard/api/payments"]) {
      const res = await dashboardCall(svc, "GET", path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain("unsafe-inline");
      expect(csp, path).not.toContain("unsafe-eval");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("is left out of the OpenAPI document", async () => {
    const res = await svc.api("GET", "/docs/json", undefined, { key: null });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).filter((p) => p.startsWith("/dashboard"))).toEqual([]);
    expect(Object.keys(res.body.paths)).toContain("/checkouts");
  });
});

describe("bad input on the dashboard's API", () => {
  it("answers in the envelope, 4xx for what is not valid, never 5xx", async () => {
    const client = await signIn(svc, SANDBOX_KEY);
    const hostile = [
      "x",
      "pay_short",
      "pay_AAAAAAAAAAAAAAAAAAA%2F",
      "%00",
      "é".repeat(70),
      "../../etc",
      "a".repeat(300),
    ];
    const paths: [string, string][] = [];
    for (const value of hostile) {
      paths.push(
        ["GET", `/dashboard/api/payments/${value}`],
        ["POST", `/dashboard/api/payments/${value}/actions/simulateMultibanco`],
        ["POST", `/dashboard/api/payments/pay_AAAAAAAAAAAAAAAAAAAA/actions/${value}`],
        ["GET", `/dashboard/api/payments?q=${encodeURIComponent(value)}`],
        ["GET", `/dashboard/api/payments?startingAfter=${encodeURIComponent(value)}`],
        [
          "GET",
          `/dashboard/api/payments?state=${encodeURIComponent(value)}&method=${encodeURIComponent(value)}`,
        ],
        ["GET", `/dashboard/api/payments?limit=${encodeURIComponent(value)}`],
        ["GET", `/dashboard/api/checkouts?state=${encodeURIComponent(value)}`],
        ["GET", `/dashboard/api/customers?startingAfter=${encodeURIComponent(value)}`],
        ["DELETE", `/dashboard/api/customers/${value}/payment-methods/${value}`],
        ["GET", `/dashboard/api/events?type=${encodeURIComponent(value)}`],
        ["POST", `/dashboard/api/events/${value}/redeliver`],
        ["POST", `/dashboard/api/webhooks/${value}/test`],
        ["DELETE", `/dashboard/api/webhooks/${value}`],
      );
    }
    for (const [method, path] of paths) {
      const res = await client.call(method, path);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      // A search for any text is fine (an empty page); everything else here is refused in the envelope.
      expect(res.body.success, `${method} ${path}`).toBe(res.status < 400);
    }
    for (const body of ["not json", "[]", '{"url": 5}', '{"apiKey": "k", "extra": 1}']) {
      for (const path of ["/dashboard/api/webhooks", "/dashboard/api/session"]) {
        const res = await client.call("POST", path, body);
        expect(res.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body}`).toBeLessThan(500);
      }
    }
  });
});

describe("dashboard sign-in behind https", () => {
  it("marks the cookie Secure", async () => {
    const https = await startTestService({ PUBLIC_URL: "https://sandbox.example" });
    try {
      const res = await https.api(
        "POST",
        "/dashboard/api/session",
        { apiKey: SANDBOX_KEY },
        { key: null, headers: { origin: "https://sandbox.example" } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toContain("; Secure");
    } finally {
      await https.cleanup();
    }
  });
});

describe("wrong keys at sign-in", () => {
  it("are limited per address: past 30 in a minute, even the right key answers 429", async () => {
    const limited = await startTestService();
    try {
      const other = await createMerchant(limited.ctx.db, "Other shop");
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await dashboardCall(limited, "POST", "/dashboard/api/session", {
          apiKey: `sk_test_guess${i}`,
        });
        statuses.push(res.status);
      }
      // AUTH_FAILURES_PER_MINUTE (30): more than 30 401s, then 429.
      expect(statuses.slice(0, 31).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(31).every((s) => s === 429)).toBe(true);
      const right = await dashboardCall(limited, "POST", "/dashboard/api/session", { apiKey: other.apiKey });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.cleanup();
    }
  });

  it("share one count with the merchant API's wrong keys", async () => {
    const limited = await startTestService();
    try {
      for (let i = 0; i < 31; i++) {
        expect((await limited.api("GET", "/customers", undefined, { key: `sk_test_guess${i}` })).status).toBe(
          401,
        );
      }
      const signIn = await dashboardCall(limited, "POST", "/dashboard/api/session", {
        apiKey: "sk_test_sandbox",
      });
      expect(signIn.status).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });
});
