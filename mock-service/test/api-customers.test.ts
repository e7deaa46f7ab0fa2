import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { customer, envelope, storedPaymentMethod, versionedEnvelope } from "../contract";
import { startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.cleanup());

async function create(customerId: string, extra: Record<string, unknown> = {}) {
  const res = await svc.api("POST", "/customers", { customerId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as z.infer<typeof customer>;
}

describe("customers", () => {
  it("creates a customer and answers it in the envelope", async () => {
    const res = await svc.api("POST", "/customers", {
      customerId: "C-100",
      firstName: "Ana",
      lastName: "Silva",
      email: "ana@example.pt",
      phoneNumber: "351#912345678",
    });
    expect(res.status).toBe(201);
    const body = envelope(customer).parse(res.body);
    expect(body.data).toMatchObject({ customerId: "C-100", firstName: "Ana", email: "ana@example.pt" });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}T.*[+-]\d{2}:\d{2}$/);
    expect("apiVersion" in res.body).toBe(false);

    const read = await svc.api("GET", `/customers/${body.data.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(body.data);
  });

  it("refuses a reused customerId with 409 and keeps the first", async () => {
    const first = await create("C-dup", { email: "one@example.pt" });
    const again = await svc.api("POST", "/customers", { customerId: "C-dup", email: "two@example.pt" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("customer_exists");
    const list = await svc.api("GET", "/customers?customerId=C-dup");
    expect(list.body.data).toEqual([first]);
  });

  it("names every invalid field", async () => {
    const res = await svc.api("POST", "/customers", {
      email: "not-an-email",
      phoneNumber: "912345678",
      extra: 1,
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["customerId", "email", "extra", "phoneNumber"]);
  });

  it("lists oldest first with limit, filters and cursor paging", async () => {
    const local = await startTestService();
    try {
      const made = [];
      for (let i = 0; i < 5; i++) {
        const res = await local.api("POST", "/customers", {
          customerId: `P-${i}`,
          email: i % 2 === 0 ? "even@example.pt" : "odd@example.pt",
        });
        made.push(res.body.data);
      }
      const two = await local.api("GET", "/customers?limit=2");
      expect(two.body.data).toEqual(made.slice(0, 2));
      const next = await local.api("GET", `/customers?limit=2&startingAfter=${made[1].uuid}`);
      expect(next.body.data).toEqual(made.slice(2, 4));
      const last = await local.api("GET", `/customers?limit=2&startingAfter=${made[3].uuid}`);
      expect(last.body.data).toEqual(made.slice(4));
      const all = await local.api("GET", "/customers");
      expect(all.body.data).toEqual(made);
      const even = await local.api("GET", "/customers?email=even@example.pt");
      expect(even.body.data.map((c: { customerId: string }) => c.customerId)).toEqual(["P-0", "P-2", "P-4"]);
      const one = await local.api("GET", "/customers?customerId=P-3");
      expect(one.body.data).toEqual([made[3]]);
      const none = await local.api("GET", "/customers?customerId=nobody");
      expect(none.body.data).toEqual([]);
    } finally {
      await local.cleanup();
    }
  });

  it.each(["0", "101", "abc", "2.5"])("refuses limit=%s with 400 naming limit", async (limit) => {
    const res = await svc.api("GET", `/customers?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe("limit");
  });

  it("refuses an unknown cursor and unknown query parameters", async () => {
    const cursor = await svc.api("GET", "/customers?startingAfter=00000000-0000-4000-8000-000000000000");
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.details[0].path).toBe("startingAfter");
    const unknown = await svc.api("GET", "/customers?sort=desc");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe("sort");
  });

  it("answers 404 for an unknown customer and 400 for a malformed uuid", async () => {
    const missing = await svc.api("GET", "/customers/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: { code: "not_found" } });
    const malformed = await svc.api("GET", "/customers/not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0].path).toBe("uuid");
  });
});

describe("stored payment methods", () => {
  it("lists an empty list with apiVersion, filters by type and removes a method", async () => {
    const c = await create("PM-1");
    const empty = await svc.api("GET", `/customers/${c.uuid}/paymentMethods`);
    expect(empty.status).toBe(200);
    expect(versionedEnvelope(z.array(storedPaymentMethod)).parse(empty.body).apiVersion).toMatch(
      /^\d+\.\d+$/,
    );
    expect(empty.body.data).toEqual([]);

    // A stored card comes from a paid tokenization checkout.
    const checkout = await svc.api("POST", "/checkouts", {
      payment: {
        amount: 100,
        customer: { uuid: c.uuid },
        recurring: { amountQualifier: "ESTM" },
        paymentMethod: { code: "CC", details: { createRegistration: true } },
      },
      page: { layout: "embed" },
      redirects: [{ type: "action", url: "https://shop.example/done" }],
    });
    expect(checkout.status).toBe(201);
    const paid = await svc.api(
      "POST",
      `/frame-api/checkouts/${checkout.body.data.id}/card-payments`,
      { holder: "Ana Silva", number: "4242424242424242", expiryMonth: "12", expiryYear: "2030", cvc: "123" },
      { key: null },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.data.approved).toBe(true);

    const cards = await svc.api("GET", `/customers/${c.uuid}/paymentMethods?type=CC`);
    expect(cards.body.data).toEqual([
      {
        code: "CC",
        uuid: expect.any(String),
        brand: "Visa",
        last4Digits: "4242",
        holder: "Ana Silva",
        expiryMonth: "12",
        expiryYear: "2030",
      },
    ]);
    const mbway = await svc.api("GET", `/customers/${c.uuid}/paymentMethods?type=MW`);
    expect(mbway.body.data).toEqual([]);
    const badType = await svc.api("GET", `/customers/${c.uuid}/paymentMethods?type=XX`);
    expect(badType.status).toBe(400);
    expect(badType.body.error.details[0].path).toBe("type");

    const methodUuid = cards.body.data[0].uuid;
    const removed = await svc.api("DELETE", `/customers/${c.uuid}/paymentMethods/${methodUuid}`);
    expect(removed.status).toBe(200);
    expect((await svc.api("GET", `/customers/${c.uuid}/paymentMethods`)).body.data).toEqual([]);
    const again = await svc.api("DELETE", `/customers/${c.uuid}/paymentMethods/${methodUuid}`);
    expect(again.status).toBe(404);
  });

  it("answers 404 for the methods of an unknown customer", async () => {
    const res = await svc.api("GET", "/customers/00000000-0000-4000-8000-000000000000/paymentMethods");
    expect(res.status).toBe(404);
  });
});
