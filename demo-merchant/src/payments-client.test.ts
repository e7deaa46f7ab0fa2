import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDays, startTestService, type TestService } from "../../mock-service/test/helpers";
import { createPaymentsClient, PaymentsApiError, PaymentsUnavailableError } from "./payments-client";

let service: TestService;
let client: ReturnType<typeof createPaymentsClient>;

beforeAll(async () => {
  service = await startTestService({}, { workers: false });
  client = createPaymentsClient({ baseUrl: service.baseUrl, apiKey: "sk_test_sandbox" });
});

afterAll(async () => {
  await service.cleanup();
});

describe("payments client against the real service", () => {
  it("creates, reads, filters and pages customers", async () => {
    const ana = await client.createCustomer({
      customerId: "PC-1",
      firstName: "Ana",
      email: "ana@example.com",
    });
    await client.createCustomer({ customerId: "PC-2", email: "bruno@example.com" });
    await client.createCustomer({ customerId: "PC-3", email: "carla@example.com" });

    expect(await client.getCustomer(ana.uuid)).toEqual(ana);
    expect((await client.listCustomers({ email: "bruno@example.com" })).map((c) => c.customerId)).toEqual([
      "PC-2",
    ]);
    expect((await client.listCustomers({ customerId: "PC-3" })).map((c) => c.email)).toEqual([
      "carla@example.com",
    ]);

    const first = await client.listCustomers({ limit: 2 });
    expect(first.map((c) => c.customerId)).toEqual(["PC-1", "PC-2"]);
    const next = await client.listCustomers({ limit: 2, startingAfter: first[1]?.uuid });
    expect(next.map((c) => c.customerId)).toEqual(["PC-3"]);
  });

  it("turns the error envelope into PaymentsApiError with code and details", async () => {
    await client.createCustomer({ customerId: "DUP-1" });
    const error = await client.createCustomer({ customerId: "DUP-1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsApiError);
    expect(error).toMatchObject({ status: 409, code: "customer_exists" });

    const wrongKey = createPaymentsClient({ baseUrl: service.baseUrl, apiKey: "sk_test_wrong_key" });
    await expect(wrongKey.listCustomers()).rejects.toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("creates an embedded checkout and reads its state", async () => {
    const created = await client.createCheckout({
      payment: { amount: 1200, code: "SKU", summary: "Cork notebook", paymentMethod: { code: "CC" } },
      page: { language: "PT", layout: "embed" },
      redirects: [{ type: "action", url: "http://127.0.0.1:9/result" }],
    });
    expect(created.checkoutUrl).toBe(`${service.baseUrl}/embed/${created.id}?page_layout=embed`);
    const status = await client.getCheckout(created.id);
    expect(status).toMatchObject({ id: created.id, amount: 1200, stateDetails: { state: "PaymentReady" } });
  });

  it("lists stored payment methods with the apiVersion of that one response", async () => {
    const customer = await client.createCustomer({ customerId: "PM-1" });
    expect(await client.listPaymentMethods(customer.uuid, "CC")).toEqual({ apiVersion: "1.0", methods: [] });
  });

  it("generates a Multibanco reference and confirms it through the bank simulator", async () => {
    const created = await client.createReference({
      type: "payment",
      amount: 1250,
      availableMethods: [{ code: "MB" }],
      validDate: { start: inDays(-1), end: inDays(1) },
    });
    expect(created.stateDetails.state).toBe("pending");
    const { entity, reference } = created.referenceDetails ?? { entity: "", reference: "" };
    expect(reference).toMatch(/^\d{9}$/);

    const paid = await client.simulateMultibancoPayment({ entity, reference, amount: 1250 });
    expect(paid.stateDetails.state).toBe("confirmed");
    expect((await client.getPayment(created.id)).stateDetails.createdAt).toBeDefined();
    await expect(client.simulateMultibancoPayment({ entity, reference, amount: 1250 })).rejects.toMatchObject(
      {
        status: 409,
        code: "already_paid",
      },
    );
  });

  it("registers, lists and removes webhook endpoints", async () => {
    const hook = await client.createWebhook("http://127.0.0.1:9/webhooks/payments");
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await client.listWebhooks()).map((w) => w.id)).toContain(hook.id);
    await client.deleteWebhook(hook.id);
    expect((await client.listWebhooks()).map((w) => w.id)).not.toContain(hook.id);
  });
});

describe("payments client with a fake transport", () => {
  it("sends the key as a bearer token and an Idempotency-Key on every POST", async () => {
    const seen: Headers[] = [];
    const fake: typeof fetch = async (input, init) => {
      seen.push(new Headers(input instanceof Request ? input.headers : init?.headers));
      return Response.json(
        {
          date: "2026-01-01T00:00:00Z",
          success: true,
          data: {
            uuid: "6f1c7c57-9a4e-4f5a-9a7c-0d8f1f5e2b11",
            customerId: "X",
            createdAt: "2026-01-01T00:00:00Z",
          },
        },
        { status: 201 },
      );
    };
    const fakeClient = createPaymentsClient({
      baseUrl: "http://service.test",
      apiKey: "sk_key",
      fetch: fake,
    });
    await fakeClient.createCustomer({ customerId: "X" });
    expect(seen[0]?.get("authorization")).toBe("Bearer sk_key");
    expect(seen[0]?.get("idempotency-key")).toBeTruthy();
  });

  it("refuses an answer that does not match the contract", async () => {
    const fake: typeof fetch = async () =>
      Response.json({ date: "2026-01-01T00:00:00Z", success: true, data: {} });
    const fakeClient = createPaymentsClient({ baseUrl: "http://service.test", apiKey: "k", fetch: fake });
    await expect(fakeClient.getPayment("pay_x")).rejects.toBeInstanceOf(PaymentsUnavailableError);
  });

  it("reports an error status without an error envelope as unavailable", async () => {
    const fake: typeof fetch = async () => new Response("<html>Bad gateway</html>", { status: 502 });
    const fakeClient = createPaymentsClient({ baseUrl: "http://service.test", apiKey: "k", fetch: fake });
    await expect(fakeClient.listWebhooks()).rejects.toBeInstanceOf(PaymentsUnavailableError);
  });

  it("reports an unreachable service as unavailable", async () => {
    const offline = createPaymentsClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", timeoutMs: 2000 });
    await expect(offline.listCustomers()).rejects.toBeInstanceOf(PaymentsUnavailableError);
  });
});
