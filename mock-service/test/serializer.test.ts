import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkout,
  checkoutStatus,
  customer,
  envelope,
  eventWithDeliveries,
  payment,
  storedPaymentMethod,
  versionedEnvelope,
  webhook,
} from "../contract";
import { embedCheckoutBody, referenceBody, startTestService, type TestService, waitFor } from "./helpers";

// The other suites run with VALIDATE_RESPONSES=true; this one checks the fast serializer users get.
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ VALIDATE_RESPONSES: "false", MBWAY_AUTO_APPROVE_MS: "100" });
});
afterAll(() => svc.cleanup());

/** The body must be exactly what the contract describes: nothing dropped, nothing extra. */
function expectContract(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}

describe("responses written by the fast serializer", () => {
  it("match the contract field for field", async () => {
    const c = await svc.api("POST", "/customers", {
      customerId: "S-1",
      firstName: "Ana",
      email: "ana@example.pt",
      phoneNumber: "351#912345678",
    });
    expectContract(envelope(customer), c.body);
    expect(c.body.data).toMatchObject({
      firstName: "Ana",
      email: "ana@example.pt",
      phoneNumber: "351#912345678",
    });
    expectContract(envelope(z.array(customer)), (await svc.api("GET", "/customers")).body);

    const uuid = c.body.data.uuid;
    const registration = {
      customer: { uuid },
      recurring: { amountQualifier: "ESTM" },
      paymentMethod: { details: { createRegistration: true } },
    };
    const card = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 100, ...registration } }),
    );
    expectContract(envelope(checkout), card.body);
    await svc.api(
      "POST",
      `/frame-api/checkouts/${card.body.data.id}/card-payments`,
      { holder: "Ana", number: "4242424242424242", expiryMonth: "12", expiryYear: "2031", cvc: "123" },
      { key: null },
    );
    const status = await svc.api("GET", `/checkouts/${card.body.data.id}`);
    expectContract(envelope(checkoutStatus), status.body);
    expect(status.body.data.result).toMatchObject({
      paymentMethodCode: "CC",
      brand: "Visa",
      last4Digits: "4242",
    });

    const mbway = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 100, ...registration } }),
    );
    await svc.api(
      "POST",
      `/frame-api/checkouts/${mbway.body.data.id}/mbway-payments`,
      { countryCode: "351", number: "911111111" },
      { key: null },
    );
    await waitFor(async () => (await svc.api("GET", `/checkouts/${mbway.body.data.id}`)).body.data.result);

    const methods = await svc.api("GET", `/customers/${uuid}/paymentMethods`);
    expectContract(versionedEnvelope(z.array(storedPaymentMethod)), methods.body);
    expect(methods.body.apiVersion).toBe("1.0");
    expect(methods.body.data.map((m: { code: string }) => m.code)).toEqual(["CC", "MW"]);
    expect(methods.body.data[1]).toMatchObject({ countryCode: "351", last3Digits: "111" });

    await svc.api("POST", "/webhooks", { url: "http://127.0.0.1:9/hook" });
    expectContract(envelope(z.array(webhook)), (await svc.api("GET", "/webhooks")).body);
    const ref = await svc.api(
      "POST",
      "/payments/references",
      referenceBody({ callbackUrl: "http://127.0.0.1:9/cb" }),
    );
    expectContract(envelope(payment), ref.body);
    const { entity, reference } = ref.body.data.referenceDetails;
    const paid = await svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount: 1500 });
    expectContract(envelope(payment), paid.body);
    expect(paid.body.data.stateDetails.createdAt).toBeDefined();
    expect(paid.body.data.validDate).toBeDefined();

    const events = await svc.api("GET", `/events?paymentId=${ref.body.data.id}`);
    expectContract(envelope(z.array(eventWithDeliveries)), events.body);
    expect(events.body.data[0].data).toEqual(paid.body.data);
  });
});
