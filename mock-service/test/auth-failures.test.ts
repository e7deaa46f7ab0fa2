import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFrom } from "./client-address";
import { SANDBOX_KEY, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.cleanup());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("failed authentications per client address", () => {
  it("answers 429 after 30 wrong keys from one address, even to a valid key, and not to other addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) {
      const res = await requestFrom("127.0.0.2", `${svc.baseUrl}/customers`, {
        headers: bearer(`sk_test_guess_${i}`),
      });
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    const firstLimited = statuses.indexOf(429);
    // More than 30 failures in a minute: the 31st is still a 401, every request after it a 429.
    expect(firstLimited).toBe(svc.config.AUTH_FAILURES_PER_MINUTE + 1);
    expect(statuses.slice(0, firstLimited).every((s) => s === 401)).toBe(true);

    // A valid key from the same address does not lift the limit.
    const sameAddress = await requestFrom("127.0.0.2", `${svc.baseUrl}/customers`, {
      headers: bearer(SANDBOX_KEY),
    });
    expect(sameAddress.status).toBe(429);
    expect(JSON.parse(sameAddress.body)).toMatchObject({ success: false, error: { code: "rate_limited" } });
    const retryAfter = Number(sameAddress.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address with a valid key is unaffected.
    const other = await requestFrom("127.0.0.3", `${svc.baseUrl}/customers`, {
      headers: bearer(SANDBOX_KEY),
    });
    expect(other.status).toBe(200);
  });

  it("does not count failures of the frame API or pages against the merchant API", async () => {
    const res = await requestFrom("127.0.0.4", `${svc.baseUrl}/health`);
    expect(res.status).not.toBe(429);
  });
});

describe("rate-limit buckets", () => {
  it("are keyed by the merchant after authentication, not by the Authorization header", async () => {
    const limited = await startTestService({ RATE_LIMIT_PER_MINUTE: "5" });
    try {
      // Made-up keys are 401 and never reach the request limit, so they cannot use up the merchant's bucket
      // either; five valid requests do, and the sixth is 429 whichever address sends it.
      for (let i = 0; i < 10; i++) {
        expect((await limited.api("GET", "/customers", undefined, { key: `sk_made_up_${i}` })).status).toBe(
          401,
        );
      }
      for (let i = 0; i < 5; i++) {
        expect(
          (await requestFrom("127.0.0.5", `${limited.baseUrl}/customers`, { headers: bearer(SANDBOX_KEY) }))
            .status,
        ).toBe(200);
      }
      const sixth = await requestFrom("127.0.0.6", `${limited.baseUrl}/customers`, {
        headers: bearer(SANDBOX_KEY),
      });
      expect(sixth.status).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });
});
