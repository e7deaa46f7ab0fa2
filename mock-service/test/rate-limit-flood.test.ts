import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedCheckoutBody, SANDBOX_KEY, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ RATE_LIMIT_PER_MINUTE: "30" });
});
afterAll(() => svc.cleanup());

const badCard = {
  holder: "A",
  number: "4242424242424241",
  expiryMonth: "12",
  expiryYear: "2031",
  cvc: "123",
};
const randomCheckoutId = () =>
  `ck_${randomBytes(15).toString("base64url").replace(/[-_]/g, "a").slice(0, 20)}`;

async function newCheckout(): Promise<string> {
  return (await svc.api("POST", "/checkouts", embedCheckoutBody())).body.data.id as string;
}

/** `count` requests through Fastify inject (same address as the test's real requests), in batches. */
async function flood(count: number, request: () => InjectOptions): Promise<void> {
  for (let done = 0; done < count; done += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - done) }, () => svc.app.inject(request())));
  }
}

describe("rate-limit buckets under a flood of made-up checkout ids", () => {
  it("keep a real checkout's payment bucket", async () => {
    const id = await newCheckout();
    for (let i = 0; i < 10; i++) {
      const res = await svc.api("POST", `/frame-api/checkouts/${id}/card-payments`, badCard, { key: null });
      expect(res.status).toBe(400);
    }
    await flood(6000, () => ({
      method: "POST",
      url: `/frame-api/checkouts/${randomCheckoutId()}/card-payments`,
      payload: badCard,
    }));
    const after = await svc.api("POST", `/frame-api/checkouts/${id}/card-payments`, badCard, { key: null });
    expect(after.status).toBe(429);
  });

  it("keep a merchant's bucket", async () => {
    const limited = await startTestService({ RATE_LIMIT_PER_MINUTE: "30" });
    try {
      for (let i = 0; i < 30; i++) expect((await limited.api("GET", "/customers?limit=1")).status).toBe(200);
      await Promise.all(
        Array.from({ length: 12 }, (_, batch) =>
          Promise.all(
            Array.from({ length: 500 }, (_, i) =>
              limited.app.inject({
                method: "GET",
                url: `/frame-api/checkouts/${randomCheckoutId()}${batch}${i}`,
              }),
            ),
          ),
        ),
      );
      const after = await limited.api("GET", "/customers?limit=1", undefined, { key: SANDBOX_KEY });
      expect(after.status).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });
});

describe("the frame's paying budget", () => {
  it("is shared by card payments, MB WAY requests and MB WAY cancels of one checkout", async () => {
    const id = await newCheckout();
    for (let i = 0; i < 10; i++) {
      const cancel = await svc.api("DELETE", `/frame-api/checkouts/${id}/mbway-payments`, undefined, {
        key: null,
      });
      expect(cancel.status).not.toBe(429);
    }
    const pay = await svc.api("POST", `/frame-api/checkouts/${id}/card-payments`, badCard, { key: null });
    expect(pay.status).toBe(429);
    expect(Number(pay.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
