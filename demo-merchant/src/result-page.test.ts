import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../../mock-service/test/helpers";
import { startShopWithService } from "../test/shop-with-service";

let service: TestService;
let app: FastifyInstance;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ service, app, stop } = await startShopWithService());
});

afterAll(() => stop());

async function buy(): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/checkout",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "productId=cork-notebook&language=PT",
  });
  expect(response.statusCode).toBe(303);
  const page = await app.inject({ method: "GET", url: response.headers.location as string });
  const script = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1] ?? "";
  expect(page.body).toMatch(/<form\s+action="http:\/\/shop\.test\/result"\s+class="paymentWidgets"/);
  expect(page.body).toContain('data-brands="VISA MASTER AMEX MAESTRO"');
  return /\/embed\/(ck_[A-Za-z0-9]+)/.exec(script)?.[1] ?? "";
}

describe("result page", () => {
  it("shows success only after the service confirms the payment", async () => {
    const checkoutId = await buy();
    const before = await app.inject({ method: "GET", url: `/result?id=${checkoutId}` });
    expect(before.body).toContain("Payment not completed");

    const paid = await fetch(`${service.baseUrl}/frame-api/checkouts/${checkoutId}/card-payments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        holder: "Ana Silva",
        number: "4242424242424242",
        expiryMonth: "12",
        expiryYear: "2030",
        cvc: "123",
      }),
    });
    expect(paid.status).toBe(200);
    const after = await app.inject({ method: "GET", url: `/result?id=${checkoutId}` });
    expect(after.body).toContain("Payment successful");
    expect(after.body).toContain("Visa ending in 4242");
    expect(after.body).toContain("€12.00");
  });

  it("shows failure for a missing, malformed or foreign checkout id", async () => {
    const foreign = await service.api("POST", "/checkouts", {
      payment: { amount: 1200 },
      redirects: [{ type: "action", url: "http://shop.test/result" }],
    });
    for (const query of [
      "",
      "?id=",
      "?id=<script>",
      `?id=${foreign.body.data.id}`,
      "?id=ck_AAAAAAAAAAAAAAAAAAAA",
    ]) {
      const response = await app.inject({ method: "GET", url: `/result${query}` });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).toContain("Payment not confirmed");
      expect(response.body).not.toContain("<script>");
    }
  });
});
