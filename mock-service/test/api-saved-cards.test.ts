import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, frameCheckout, paymentOutcome } from "../contract";
import { createMerchant } from "../src/operations/merchants";
import { insertPaymentMethod } from "../src/store/payment-methods";
import { embedCheckoutBody, startTestService, type TestService } from "./helpers";
import { shopper } from "./shopper-helpers";

let svc: TestService;
let s: ReturnType<typeof shopper>;
beforeAll(async () => {
  svc = await startTestService({ CHECKOUT_MAX_ATTEMPTS: "3" });
  s = shopper(svc);
});
afterAll(() => svc.cleanup());

/** The merchant a customer belongs to, to store a method for it directly (an expired card). */
async function merchantOf(customerUuid: string): Promise<string> {
  const row = await svc.ctx.db
    .selectFrom("customers")
    .select("merchant_id")
    .where("uuid", "=", customerUuid)
    .executeTakeFirstOrThrow();
  return row.merchant_id;
}

describe("one-click saved cards", () => {
  it("the frame lists the customer's saved cards (brand, last four, expiry), never a number", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4242424242424242");
    const c = await s.checkout({ customer: { uuid: customer } });
    const res = await s.frameCheckout(c.id);
    const body = envelope(frameCheckout).parse(res.body);
    expect(body.data.savedCards).toEqual([
      { registrationId: saved, brand: "Visa", last4Digits: "4242", expiryMonth: "12", expiryYear: "2034" },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("4242424242424242");
  });

  it("pays with the saved card's uuid and security code; the checkout and payment record which method paid", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4242424242424242");
    const c = await s.checkout({ customer: { uuid: customer } });
    const paid = await s.paySaved(c.id, saved);
    expect(paid.status).toBe(200);
    expect(paymentOutcome.parse(paid.body.data)).toMatchObject({ state: "Success", approved: true });

    const status = await s.status(c.id);
    expect(status.body.data.stateDetails).toMatchObject({ state: "Success", registrationId: saved });
    expect(status.body.data.result).toEqual({
      paymentMethodCode: "CC",
      brand: "Visa",
      last4Digits: "4242",
      registrationId: saved,
    });
    const payment = await s.payment(c.paymentId);
    expect(payment.body.data.stateDetails).toMatchObject({ state: "confirmed", registrationId: saved });
    // Paying with a saved card stores nothing new.
    const methods = await svc.api("GET", `/customers/${customer}/paymentMethods`);
    expect(methods.body.data).toHaveLength(1);
  });

  it("a registration checkout paid with a saved card does not store it twice", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "5555555555554444");
    const reg = await s.registration(customer);
    expect((await s.paySaved(reg.id, saved)).body.data.approved).toBe(true);
    expect((await s.status(reg.id)).body.data.result.registrationId).toBe(saved);
    const methods = await svc.api("GET", `/customers/${customer}/paymentMethods`);
    expect(methods.body.data.map((m: { uuid: string }) => m.uuid)).toEqual([saved]);
  });

  it("0341 can be saved, but every later payment with it is declined (card_declined)", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4000000000000341");
    const c = await s.checkout({ customer: { uuid: customer } });
    const first = await s.paySaved(c.id, saved);
    expect(first.body.data).toMatchObject({
      state: "PaymentReady",
      approved: false,
      reason: "card_declined",
      attemptsLeft: 2,
    });
    await s.paySaved(c.id, saved);
    const last = await s.paySaved(c.id, saved);
    expect(last.body.data).toMatchObject({ state: "Declined", reason: "card_declined", attemptsLeft: 0 });
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("declined");
  });

  it("refuses another customer's saved card, and shows only the checkout's own customer's cards", async () => {
    const ana = await s.customer();
    const bruno = await s.customer();
    const anaCard = await s.savedCard(ana, "4242424242424242");
    const brunoCard = await s.savedCard(bruno, "5555555555554444");
    const c = await s.checkout({ customer: { uuid: ana } });
    const listed = (await s.frameCheckout(c.id)).body.data.savedCards.map(
      (card: { registrationId: string }) => card.registrationId,
    );
    expect(listed).toEqual([anaCard]);

    const refused = await s.paySaved(c.id, brunoCard);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("invalid_request");
    expect(refused.body.error.details).toEqual([
      { path: "registrationId", message: "is not a saved card of this checkout's customer" },
    ]);
    // Nothing was charged and no attempt used.
    expect((await s.status(c.id)).body.data).toMatchObject({
      attempts: 0,
      stateDetails: { state: "PaymentReady" },
    });
  });

  it("refuses a saved card on a checkout without a customer", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4242424242424242");
    const c = await s.checkout();
    expect((await s.frameCheckout(c.id)).body.data.savedCards).toBeUndefined();
    const refused = await s.paySaved(c.id, saved);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe("registrationId");
  });

  it("never shows or accepts another merchant's methods, even for the same customer uuid", async () => {
    const other = await createMerchant(svc.ctx.db, "Other shop");
    const theirs = shopper(svc, other.apiKey);
    const theirCustomer = await theirs.customer();
    const theirCard = await theirs.savedCard(theirCustomer, "4242424242424242");
    const ours = await s.checkout({ customer: { uuid: await s.customer() } });
    expect((await s.paySaved(ours.id, theirCard)).status).toBe(400);
    // Our merchant cannot even create a checkout for their customer.
    const res = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 100, customer: { uuid: theirCustomer } } }),
    );
    expect(res.status).toBe(404);
  });

  it("hides and refuses expired saved cards", async () => {
    const customer = await s.customer();
    const uuid = "0b6f2f7e-1d55-4d8e-9d7e-0f6c9a1b2c3d";
    await insertPaymentMethod(svc.ctx.db, {
      uuid,
      merchant_id: await merchantOf(customer),
      customer_uuid: customer,
      code: "CC",
      brand: "Visa",
      last4: "4242",
      holder: "Ana Silva",
      expiry_month: "01",
      expiry_year: "2020",
      country_code: null,
      last3: null,
      phone_number: null,
      three_ds: null,
      stored_decline_reason: null,
      created_at: new Date().toISOString(),
    });
    const c = await s.checkout({ customer: { uuid: customer } });
    expect((await s.frameCheckout(c.id)).body.data.savedCards).toBeUndefined();
    const refused = await s.paySaved(c.id, uuid);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: "registrationId", message: "is a saved card that has expired" },
    ]);
  });

  it("asks 3 digits of a Visa's security code and names the field; a malformed body names its fields", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4242424242424242");
    const c = await s.checkout({ customer: { uuid: customer } });
    const wrong = await s.paySaved(c.id, saved, "1234");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: "invalid_card",
      details: [{ path: "cvc", message: "must be 3 digits" }],
    });
    const malformed = await svc.api(
      "POST",
      `/frame-api/checkouts/${c.id}/saved-card-payments`,
      { registrationId: "nope", cvc: "12", number: "4242424242424242" },
      { key: null },
    );
    expect(malformed.status).toBe(400);
    const paths = malformed.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["cvc", "number", "registrationId"]);
  });

  it("refuses a saved card on a checkout that does not take cards", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4242424242424242");
    const c = await s.checkout({ customer: { uuid: customer }, paymentMethod: { code: "MW" } });
    expect((await s.frameCheckout(c.id)).body.data.savedCards).toBeUndefined();
    const res = await s.paySaved(c.id, saved);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("method_not_offered");
  });
});
