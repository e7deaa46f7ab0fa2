import type { Exchange } from "./render-exchange";
import type { ScriptContext } from "./script-context";

/**
 * The examples of docs/api.md, run in this order against one real service. Each one renders into the
 * block `<!-- example: NAME -->` … `<!-- /example -->` of docs/api.md.
 *
 * To document an endpoint: add an entry here (where its inputs exist: ids come from earlier entries
 * through `remember` / `recall`), put the empty block where it belongs in docs/api.md, and run
 * `UPDATE_DOCS=1 npx vitest run mock-service/test/api-docs.test.ts`.
 */
export interface Example {
  name: string;
  run(script: ScriptContext): Promise<Exchange>;
}

const example = (name: string, run: Example["run"]): Example => ({ name, run });

/** Order 7's checkout request: created once, then sent again to show the idempotent replay. */
const ORDER_7_CHECKOUT = {
  headers: { "Idempotency-Key": "order-7-checkout" },
  body: {
    payment: {
      amount: 2490,
      code: "ORDER-7",
      summary: "Azulejo tile set",
      paymentMethod: { code: "CC" },
    },
    page: { language: "PT", layout: "embed" },
    redirects: [{ type: "action", url: "https://shop.example/result?order=7" }],
  },
};

export const EXAMPLES: Example[] = [
  // Customers
  example("create-customer", async ({ api, remember }) => {
    const created = await api("POST", "/customers", {
      expect: 201,
      body: {
        customerId: "C-1001",
        firstName: "Ana",
        lastName: "Silva",
        email: "ana.silva@example.pt",
        phoneNumber: "351#912345678",
      },
    });
    remember("customer", created.response.body.data.uuid);
    return created;
  }),
  example("list-customers", ({ api }) =>
    api("GET", "/customers?email=ana.silva@example.pt&limit=10", { expect: 200 }),
  ),
  example("get-customer", ({ api, recall }) =>
    api("GET", `/customers/${recall("customer")}`, { expect: 200 }),
  ),

  // Checkouts
  example("create-checkout", async ({ api, remember }) => {
    const created = await api("POST", "/checkouts", {
      expect: 201,
      ...ORDER_7_CHECKOUT,
    });
    remember("checkout", created.response.body.data.id);
    return created;
  }),
  example("idempotent-replay", ({ api }) =>
    api("POST", "/checkouts", {
      expect: 201,
      ...ORDER_7_CHECKOUT,
    }),
  ),
  example("get-checkout", async ({ api, recall, shopper }) => {
    await shopper.payByCard(recall("checkout"), "4242424242424242");
    return api("GET", `/checkouts/${recall("checkout")}`, { expect: 200 });
  }),
  example("refund-payment", async ({ api, recall, remember }) => {
    const checkout = await api("GET", `/checkouts/${recall("checkout")}`, { expect: 200 });
    remember("paidPayment", checkout.response.body.data.paymentId);
    return api("POST", `/payments/${recall("paidPayment")}/refunds`, {
      expect: 201,
      headers: { "Idempotency-Key": "order-7-refund-1" },
      body: { amount: 990, reason: "one tile arrived broken" },
    });
  }),
  example("list-refunds", ({ api, recall }) =>
    api("GET", `/payments/${recall("paidPayment")}/refunds`, { expect: 200 }),
  ),
  example("get-payment-refunded", ({ api, recall }) =>
    api("GET", `/payments/${recall("paidPayment")}`, { expect: 200 }),
  ),
  example("error-refund-exceeds", ({ api, recall }) =>
    api("POST", `/payments/${recall("paidPayment")}/refunds`, { expect: 400, body: { amount: 2000 } }),
  ),
  example("get-checkout-declined", async ({ api, shopper }) => {
    const created = await api("POST", "/checkouts", {
      expect: 201,
      body: {
        payment: { amount: 990, paymentMethod: { code: "CC" } },
        page: { layout: "embed" },
        redirects: [{ type: "action", url: "https://shop.example/result?order=8" }],
      },
    });
    const id = created.response.body.data.id as string;
    for (let attempt = 0; attempt < 3; attempt++) await shopper.payByCard(id, "4000000000000002");
    return api("GET", `/checkouts/${id}`, { expect: 200 });
  }),

  // Saved payment methods
  example("create-checkout-save-card", async ({ api, recall, remember }) => {
    const created = await api("POST", "/checkouts", {
      expect: 201,
      body: {
        payment: {
          amount: 100,
          customer: { uuid: recall("customer") },
          recurring: { amountQualifier: "ESTM" },
          paymentMethod: { code: "CC", details: { createRegistration: true } },
        },
        page: { layout: "embed" },
        redirects: [{ type: "action", url: "https://shop.example/card-saved" }],
      },
    });
    remember("saveCardCheckout", created.response.body.data.id);
    return created;
  }),
  example("list-payment-methods", async ({ api, recall, remember, shopper }) => {
    await shopper.payByCard(recall("saveCardCheckout"), "5555555555554444");
    const listed = await api("GET", `/customers/${recall("customer")}/paymentMethods?type=CC`, {
      expect: 200,
    });
    remember("storedCard", listed.response.body.data[0].uuid);
    return listed;
  }),

  // Charging a saved method without the shopper
  example("charge-saved-card", ({ api, recall }) =>
    api("POST", "/payments", {
      expect: 201,
      headers: { "Idempotency-Key": "subscription-c1001-2026-03" },
      body: {
        amount: 1299,
        customer: { uuid: recall("customer") },
        paymentMethod: { uuid: recall("storedCard") },
        code: "SUB-2026-03",
        summary: "Monthly coffee box",
      },
    }),
  ),
  example("charge-saved-card-declined", async ({ api, recall, shopper }) => {
    const saving = await api("POST", "/checkouts", {
      expect: 201,
      body: {
        payment: {
          amount: 100,
          customer: { uuid: recall("customer") },
          paymentMethod: { code: "CC", details: { createRegistration: true } },
        },
        redirects: [{ type: "action", url: "https://shop.example/card-saved" }],
      },
    });
    await shopper.payByCard(saving.response.body.data.id, "4000000000000341");
    const checkout = await api("GET", `/checkouts/${saving.response.body.data.id}`, { expect: 200 });
    return api("POST", "/payments", {
      expect: 201,
      body: {
        amount: 1299,
        customer: { uuid: recall("customer") },
        paymentMethod: { uuid: checkout.response.body.data.result.registrationId },
      },
    });
  }),
  example("delete-payment-method", ({ api, recall }) =>
    api("DELETE", `/customers/${recall("customer")}/paymentMethods/${recall("storedCard")}`, { expect: 200 }),
  ),

  // Multibanco references
  example("create-reference", async ({ api, receiver, remember }) => {
    const created = await api("POST", "/payments/references", {
      expect: 201,
      body: {
        type: "payment",
        amount: 4500,
        callbackUrl: receiver.url("/callback"),
        availableMethods: [{ code: "MB" }],
        validDate: { start: "2026-03-02T00:00:00+00:00", end: "2026-03-09T00:00:00+00:00" },
      },
    });
    const data = created.response.body.data;
    remember("reference", data.id);
    remember("referenceEntity", data.referenceDetails.entity);
    remember("referenceNumber", data.referenceDetails.reference);
    return created;
  }),
  example("get-payment", ({ api, recall }) =>
    api("GET", `/payments/${recall("reference")}`, { expect: 200 }),
  ),
  example("simulate-multibanco-payment", ({ api, recall }) =>
    api("POST", "/sandbox/multibanco/payments", {
      expect: 200,
      body: { entity: recall("referenceEntity"), reference: recall("referenceNumber"), amount: 4500 },
    }),
  ),

  // Notifications
  example("notification", ({ notification }) => notification("/callback")),
  example("list-events", async ({ api, remember }) => {
    const listed = await api("GET", "/events?type=payment.confirmed", { expect: 200 });
    remember("event", listed.response.body.data[0].id);
    return listed;
  }),
  example("redeliver-event", ({ api, recall }) =>
    api("POST", `/events/${recall("event")}/redeliver`, { expect: 202 }),
  ),
  example("create-webhook", async ({ api, receiver, remember }) => {
    const created = await api("POST", "/webhooks", {
      expect: 201,
      body: { url: receiver.url("/webhooks/payments"), events: ["payment.confirmed", "checkout.completed"] },
    });
    remember("webhook", created.response.body.data.id);
    return created;
  }),
  example("list-webhooks", ({ api }) => api("GET", "/webhooks", { expect: 200 })),
  example("delete-webhook", ({ api, recall }) =>
    api("DELETE", `/webhooks/${recall("webhook")}`, { expect: 200 }),
  ),

  // MB WAY in a checkout, answered by the sandbox instead of the shopper's phone
  example("simulate-mbway-answer", async ({ api, shopper }) => {
    const created = await api("POST", "/checkouts", {
      expect: 201,
      body: {
        payment: { amount: 1200, paymentMethod: { code: "MW" } },
        page: { layout: "embed" },
        redirects: [{ type: "action", url: "https://shop.example/result?order=9" }],
      },
    });
    const { id, paymentId } = created.response.body.data as { id: string; paymentId: string };
    await shopper.askMbway(id, "912345678");
    return api("POST", `/sandbox/mbway/${paymentId}/approve`, { expect: 200 });
  }),

  // Errors
  example("error-validation", ({ api }) =>
    api("POST", "/checkouts", {
      expect: 400,
      body: {
        payment: { amount: 0 },
        page: { layout: "embed", language: "IT" },
        redirects: [{ type: "action", url: "ftp://shop.example/result" }],
      },
    }),
  ),
  example("error-unauthorized", ({ api }) => api("GET", "/webhooks", { expect: 401, key: null })),
  example("error-not-found", ({ api }) => api("GET", "/payments/pay_0000000000000000000A", { expect: 404 })),
];
