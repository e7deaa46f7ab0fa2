import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../../mock-service/test/helpers";
import { startShopWithService } from "../test/shop-with-service";
import { newCustomer, paidByCard } from "../../mock-service/test/payment-fixtures";

let service: TestService;
let app: FastifyInstance;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ service, app, stop } = await startShopWithService());
});

afterAll(() => stop());

const post = (url: string, form: Record<string, string>) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });

describe("refunds and charges in the demo shop", () => {
  it("refunds part of an order, then refuses more than remains with the amount left", async () => {
    const { paymentId } = await paidByCard(service, "4242424242424242", { amount: 2500 });
    const page = await app.inject({ method: "GET", url: `/payments/${paymentId}` });
    expect(page.body).toContain("Leave empty to refund all that remains (€25.00)");

    const refunded = await post(`/payments/${paymentId}/refunds`, { amount: "10", reason: "broken mug" });
    expect(refunded.statusCode).toBe(303);
    const after = await app.inject({ method: "GET", url: refunded.headers.location as string });
    expect(after.body).toContain("Refund made.");
    expect(after.body).toContain("€10.00 on");
    expect(after.body).toContain("broken mug");

    const tooMuch = await post(`/payments/${paymentId}/refunds`, { amount: "20" });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.body).toContain("That is more than remains to refund (€15.00).");
    expect((await service.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(1000);
  });

  it("charges a saved card again from the customer's page: confirmed, or declined with the reason", async () => {
    const customerUuid = await newCustomer(service, "demo-charge");
    await paidByCard(service, "4242424242424242", { customerUuid });
    await paidByCard(service, "4000000000000341", { customerUuid });
    const customerPage = await app.inject({ method: "GET", url: `/customers/${customerUuid}` });
    const forms = [...customerPage.body.matchAll(/action="(\/customers\/[^"]+\/charge)"/g)].map((m) => m[1]);
    expect(forms).toHaveLength(2);

    const ok = await post(forms[0] as string, { amount: "12.99" });
    expect(ok.headers.location).toMatch(/^\/payments\/pay_\w+\?msg=confirmed$/);
    const okPage = await app.inject({ method: "GET", url: ok.headers.location as string });
    expect(okPage.body).toContain("The saved method was charged.");
    expect(okPage.body).toContain("€12.99");

    const declined = await post(forms[1] as string, { amount: "5" });
    const declinedPage = await app.inject({ method: "GET", url: declined.headers.location as string });
    expect(declinedPage.body).toContain("The charge was declined.");
    expect(declinedPage.body).toContain("the card was declined");
    expect(declinedPage.body).toContain("Only confirmed payments can be refunded.");
  });
});
