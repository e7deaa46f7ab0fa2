import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkout, checkoutStatus, envelope } from "../contract";
import { embedCheckoutBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ CHECKOUT_MAX_ATTEMPTS: "3" });
});
afterAll(() => svc.cleanup());

const card = (number: string) => ({
  holder: "Ana Silva",
  number,
  expiryMonth: "12",
  expiryYear: "2031",
  cvc: "123",
});

async function pay(id: string, number: string) {
  return svc.api("POST", `/frame-api/checkouts/${id}/card-payments`, card(number), { key: null });
}

describe("POST /checkouts", () => {
  it("answers the checkout of section 2.3", async () => {
    const res = await svc.api("POST", "/checkouts", embedCheckoutBody());
    expect(res.status).toBe(201);
    const { data } = envelope(checkout).parse(res.body);
    expect(data.id).toMatch(/^ck_[A-Za-z0-9]{20}$/);
    expect(data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.checkoutUrl).toBe(`${svc.baseUrl}/embed/${data.id}?page_layout=embed`);
    expect(data.stateDetails.state).toBe("PaymentReady");
    expect(data.paymentId).toMatch(/^pay_/);

    const embed = await fetch(data.checkoutUrl);
    expect(embed.headers.get("content-type") ?? "").toMatch(/javascript|json/);
  });

  it("requires an action redirect, embedded or not, naming redirects", async () => {
    for (const body of [
      embedCheckoutBody({ redirects: [] }),
      { payment: { amount: 100 } },
      { payment: { amount: 100 }, page: { language: "PT" } },
    ]) {
      const res = await svc.api("POST", "/checkouts", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("action_redirect_required");
      expect(res.body.error.details).toEqual([
        { path: "redirects", message: "must contain an entry with type action" },
      ]);
    }
  });

  it("refuses createRegistration without a registered customer", async () => {
    const res = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({
        payment: { amount: 100, paymentMethod: { code: "CC", details: { createRegistration: true } } },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("registration_requires_customer");
  });

  it("answers 404 for a customer uuid that is not the merchant's", async () => {
    const res = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({
        payment: { amount: 100, customer: { uuid: "00000000-0000-4000-8000-000000000000" } },
      }),
    );
    expect(res.status).toBe(404);
  });

  it.each([
    [{ payment: { amount: 0 } }, "payment.amount"],
    [{ payment: { amount: -5 } }, "payment.amount"],
    [{ payment: { amount: 1.5 } }, "payment.amount"],
    [{ payment: { amount: 1e20 } }, "payment.amount"],
    [{ payment: { amount: 100 }, page: { language: "xx" } }, "page.language"],
    [{ payment: { amount: 100 }, page: { layout: "popup" } }, "page.layout"],
    [
      { payment: { amount: 100 }, redirects: [{ type: "action", url: "javascript:alert(1)" }] },
      "redirects.0.url",
    ],
    [{ payment: { amount: 100, customer: { email: "x" } } }, "payment.customer.email"],
    [{ payment: { amount: 100, billingAddress: { country: "Portugal" } } }, "payment.billingAddress.country"],
    [{ payment: { amount: 100, paymentMethod: { code: "XX" } } }, "payment.paymentMethod.code"],
    [{}, "payment"],
  ])("refuses %j naming %s", async (body, path) => {
    const res = await svc.api("POST", "/checkouts", body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("accepts every language in any case and the full request of section 2.2", async () => {
    const customer = await svc.api("POST", "/customers", { customerId: "CK-1" });
    for (const language of ["pt", "EN", "Es", "fr", "DE"]) {
      const res = await svc.api("POST", "/checkouts", {
        payment: {
          amount: 500,
          code: "P1",
          summary: "Summary",
          recurring: { amountQualifier: "ESTM" },
          customer: { uuid: customer.body.data.uuid },
          billingAddress: { country: "PT", city: "Lisboa", street1: "Rua A", postCode: "1000-001" },
          paymentMethod: { code: "CC", details: { createRegistration: true } },
        },
        page: { language, layout: "embed" },
        redirects: [{ type: "action", url: "https://shop.example/r" }],
      });
      expect(res.status).toBe(201);
      const status = await svc.api("GET", `/checkouts/${res.body.data.id}`);
      expect(status.body.data.language).toBe(language.toUpperCase());
    }
  });
});

describe("card payments and GET /checkouts/{id}", () => {
  it("a test card succeeds: Success, payment confirmed, redirect keeps query and fragment", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const { id, paymentId } = created.body.data;
    const res = await pay(id, "4242424242424242");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: "Success", approved: true });
    expect(res.body.data.redirectUrl).toBe(`https://shop.example/result?order=7&id=${id}#done`);

    const status = envelope(checkoutStatus).parse((await svc.api("GET", `/checkouts/${id}`)).body);
    expect(status.data.stateDetails.state).toBe("Success");
    expect(status.data.result).toEqual({ paymentMethodCode: "CC", brand: "Visa", last4Digits: "4242" });
    const payment = await svc.api("GET", `/payments/${paymentId}`);
    expect(payment.body.data.stateDetails.state).toBe("confirmed");
    expect(payment.body.data.stateDetails.createdAt).toBeDefined();

    const again = await pay(id, "4242424242424242");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("checkout_closed");
  });

  it("declines with the card's reason and ends Declined after three attempts", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const { id, paymentId } = created.body.data;
    const first = await pay(id, "4000000000000002");
    expect(first.body.data).toMatchObject({
      state: "PaymentReady",
      approved: false,
      reason: "card_declined",
      attemptsLeft: 2,
    });
    const second = await pay(id, "4000000000009995");
    expect(second.body.data).toMatchObject({ reason: "insufficient_funds", attemptsLeft: 1 });
    const third = await pay(id, "4000000000000069");
    expect(third.body.data).toMatchObject({ state: "Declined", reason: "expired_card", attemptsLeft: 0 });
    expect(third.body.data.redirectUrl).toContain(`id=${id}`);
    const status = await svc.api("GET", `/checkouts/${id}`);
    expect(status.body.data.stateDetails).toMatchObject({ state: "Declined", reason: "expired_card" });
    const payment = await svc.api("GET", `/payments/${paymentId}`);
    expect(payment.body.data.stateDetails.state).toBe("declined");
  });

  it("a valid card that is not a test card is declined with a hint", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const res = await pay(created.body.data.id, "4111111111111111");
    expect(res.body.data).toMatchObject({ approved: false, reason: "not_a_test_card" });
  });

  it("refuses invalid card data with 400 naming the field, without using an attempt", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const id = created.body.data.id;
    const luhn = await pay(id, "4242424242424241");
    expect(luhn.status).toBe(400);
    expect(luhn.body.error.details[0].path).toBe("number");
    const past = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/card-payments`,
      { ...card("4242424242424242"), expiryYear: "2020" },
      { key: null },
    );
    expect(past.status).toBe(400);
    const amexCvc = await pay(id, "378282246310005");
    expect(amexCvc.status).toBe(400);
    expect(amexCvc.body.error.details[0].path).toBe("cvc");
    const status = await svc.api("GET", `/checkouts/${id}`);
    expect(status.body.data.attempts).toBe(0);
  });

  it("tells the frame the merchant's language, and none when the shopper's browser is to choose", async () => {
    const frameOf = async (page: Record<string, unknown>) => {
      const created = await svc.api("POST", "/checkouts", embedCheckoutBody({ page }));
      const id: string = created.body.data.id;
      const frame = await svc.api("GET", `/frame-api/checkouts/${id}`, undefined, { key: null });
      return { frame: frame.body.data, status: (await svc.api("GET", `/checkouts/${id}`)).body.data };
    };
    const chosen = await frameOf({ layout: "embed", language: "de" });
    expect(chosen.frame.language).toBe("DE");
    const left = await frameOf({ layout: "embed" });
    expect(left.frame).not.toHaveProperty("language");
    expect(left.status.language).toBe("EN"); // the merchant's API reads as before
  });

  it("the frame API never returns card data and answers 404 for unknown checkouts", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const info = await svc.api("GET", `/frame-api/checkouts/${created.body.data.id}`, undefined, {
      key: null,
    });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      amount: 500,
      currency: "EUR",
      state: "PaymentReady",
      attemptsLeft: 3,
    });
    const missing = await svc.api("GET", "/frame-api/checkouts/ck_AAAAAAAAAAAAAAAAAAAA", undefined, {
      key: null,
    });
    expect(missing.status).toBe(404);
    const paid = await pay(created.body.data.id, "4242424242424242");
    expect(JSON.stringify(paid.body)).not.toContain("4242424242424242");
    const status = await svc.api("GET", `/checkouts/${created.body.data.id}`);
    expect(JSON.stringify(status.body)).not.toContain("4242424242424242");
  });

  it("50 concurrent submissions of one checkout charge once", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const results = await Promise.all(
      Array.from({ length: 50 }, () => pay(created.body.data.id, "4242424242424242")),
    );
    const approved = results.filter((r) => r.status === 200 && r.body.data.approved);
    expect(approved).toHaveLength(1);
    for (const r of results) expect([200, 409, 429]).toContain(r.status);
    const events = await svc.api("GET", `/events?paymentId=${created.body.data.paymentId}`);
    expect(events.body.data.filter((e: { type: string }) => e.type === "checkout.completed")).toHaveLength(1);
  });

  it("an expired checkout reads Expired and takes no payment", async () => {
    const short = await startTestService({ CHECKOUT_TTL_MS: "1000" });
    try {
      const created = await short.api("POST", "/checkouts", embedCheckoutBody());
      await new Promise((r) => setTimeout(r, 1100));
      const status = await short.api("GET", `/checkouts/${created.body.data.id}`);
      expect(status.body.data.stateDetails.state).toBe("Expired");
      const res = await short.api(
        "POST",
        `/frame-api/checkouts/${created.body.data.id}/card-payments`,
        card("4242424242424242"),
        { key: null },
      );
      expect(res.status).toBe(409);
      const payment = await short.api("GET", `/payments/${created.body.data.paymentId}`);
      expect(payment.body.data.stateDetails.state).toBe("expired");
    } finally {
      await short.cleanup();
    }
  });
});

describe("validation messages", () => {
  it("are plain words after the field's path, from one error map", async () => {
    const res = await svc.api("POST", "/payments/references", {
      type: "invoice",
      amount: 12.5,
      availableMethods: [],
      callbackUrl: "not a url",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "type", message: "must be payment" },
        { path: "amount", message: "must be a whole number of cents" },
        { path: "availableMethods", message: "must list at least one method" },
        { path: "callbackUrl", message: "must be an http or https URL" },
        { path: "validDate", message: "is required" },
      ]),
    );
    expect(res.body.error.message).toContain("validDate is required");
    expect(res.body.error.message).not.toMatch(/Invalid|expected|received/);

    const customer = await svc.api("POST", "/customers", { customerId: 7, email: "x", firstName: "" });
    expect(customer.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "customerId", message: "must be a string" },
        { path: "email", message: "must be an e-mail address" },
        { path: "firstName", message: "must not be empty" },
      ]),
    );
    const list = await svc.api("GET", "/customers?limit=abc");
    expect(list.body.error.details).toEqual([{ path: "limit", message: "must be a number" }]);
  });
});
