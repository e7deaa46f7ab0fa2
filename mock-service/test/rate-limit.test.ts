import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedCheckoutBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ RATE_LIMIT_PER_MINUTE: "30" });
});
afterAll(() => svc.cleanup());

describe("rate limits", () => {
  it("limit payment attempts per checkout with 429 and Retry-After", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const id = created.body.data.id;
    const bad = {
      holder: "A",
      number: "4242424242424241",
      expiryMonth: "12",
      expiryYear: "2031",
      cvc: "123",
    };
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof svc.api>> | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await svc.api("POST", `/frame-api/checkouts/${id}/card-payments`, bad, { key: null });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(limited?.body).toMatchObject({ success: false, error: { code: "rate_limited" } });
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another checkout is not affected.
    const other = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const res = await svc.api("POST", `/frame-api/checkouts/${other.body.data.id}/card-payments`, bad, {
      key: null,
    });
    expect(res.status).toBe(400);
  });

  it("limit requests per API key", async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await svc.api("GET", "/customers?limit=1")).status;
    expect(last).toBe(429);
  });
});
