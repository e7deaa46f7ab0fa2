import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { embedCheckoutBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
let otherKey: string;
beforeAll(async () => {
  svc = await startTestService({
    MBWAY_AUTO_APPROVE_MS: "200",
    MBWAY_TIMEOUT_MS: "1500",
    CHECKOUT_MAX_ATTEMPTS: "2",
  });
  otherKey = (await createMerchant(svc.ctx.db, "Other")).apiKey;
});
afterAll(() => svc.cleanup());

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

async function mbwayCheckout(extra: Record<string, unknown> = {}) {
  const res = await svc.api("POST", "/checkouts", embedCheckoutBody({ payment: { amount: 1234, ...extra } }));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; paymentId: string };
}

const start = (id: string, number: string, countryCode = "351") =>
  svc.api("POST", `/frame-api/checkouts/${id}/mbway-payments`, { countryCode, number }, { key: null });
const status = (id: string) => svc.api("GET", `/checkouts/${id}`);

describe("MB WAY checkout", () => {
  it("a checkout without a method code offers card and MB WAY; MW alone offers MB WAY only", async () => {
    const both = await mbwayCheckout();
    expect((await status(both.id)).body.data.paymentMethods).toEqual(["CC", "MW"]);
    const mw = await mbwayCheckout({ paymentMethod: { code: "MW" } });
    expect((await status(mw.id)).body.data.paymentMethods).toEqual(["MW"]);
    const card = await svc.api(
      "POST",
      `/frame-api/checkouts/${mw.id}/card-payments`,
      { holder: "A", number: "4242424242424242", expiryMonth: "12", expiryYear: "2031", cvc: "123" },
      { key: null },
    );
    expect(card.status).toBe(409);
  });

  it("the auto-approve phone confirms the payment and the checkout", async () => {
    const c = await mbwayCheckout();
    const started = await start(c.id, "911111111");
    expect(started.status).toBe(202);
    expect(started.body.data.mbway.paymentStatus).toBe("waiting");
    expect((await svc.api("GET", `/payments/${c.paymentId}`)).body.data.stateDetails.state).toBe("pending");
    const done = await waitFor(
      () => status(c.id),
      (r) => r.body.data.stateDetails.state !== "PaymentReady",
    );
    expect(done.body.data.stateDetails.state).toBe("Success");
    expect(done.body.data.result).toEqual({ paymentMethodCode: "MW", last3Digits: "111" });
    expect((await svc.api("GET", `/payments/${c.paymentId}`)).body.data.stateDetails.state).toBe("confirmed");
    const events = await svc.api("GET", `/events?paymentId=${c.paymentId}`);
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["checkout.completed"]);
  });

  it("the decline phone declines; the shopper may try again until attempts run out", async () => {
    const c = await mbwayCheckout();
    await start(c.id, "922222222");
    const first = await waitFor(
      () => status(c.id),
      (r) => r.body.data.attempts === 1,
    );
    expect(first.body.data.stateDetails).toMatchObject({ state: "PaymentReady", reason: "mbway_declined" });
    await start(c.id, "922222222");
    const second = await waitFor(
      () => status(c.id),
      (r) => r.body.data.stateDetails.state !== "PaymentReady",
    );
    expect(second.body.data.stateDetails).toMatchObject({ state: "Declined", reason: "mbway_declined" });
    expect((await svc.api("GET", `/payments/${c.paymentId}`)).body.data.stateDetails.state).toBe("declined");
  });

  it("an unanswered request times out: checkout Expired, payment expired, checkout.failed", async () => {
    const c = await mbwayCheckout();
    await start(c.id, "933333333");
    const done = await waitFor(
      () => status(c.id),
      (r) => r.body.data.stateDetails.state !== "PaymentReady",
      6000,
    );
    expect(done.body.data.stateDetails).toMatchObject({ state: "Expired", reason: "mbway_timeout" });
    expect((await svc.api("GET", `/payments/${c.paymentId}`)).body.data.stateDetails.state).toBe("expired");
    const events = await svc.api("GET", `/events?paymentId=${c.paymentId}`);
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["checkout.failed"]);
  });

  it("the simulator approves and declines other numbers, and refuses what is not waiting", async () => {
    const c = await mbwayCheckout();
    expect((await svc.api("POST", `/sandbox/mbway/${c.paymentId}/approve`)).status).toBe(409);
    await start(c.id, "912345678");
    expect((await start(c.id, "912345678")).status).toBe(409);
    expect(
      (await svc.api("POST", `/sandbox/mbway/${c.paymentId}/approve`, undefined, { key: otherKey })).status,
    ).toBe(404);
    expect((await svc.api("POST", "/sandbox/mbway/pay_AAAAAAAAAAAAAAAAAAAA/approve")).status).toBe(404);
    expect((await svc.api("POST", `/sandbox/mbway/${c.paymentId}/maybe`)).status).toBe(400);
    const approved = await svc.api("POST", `/sandbox/mbway/${c.paymentId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: c.paymentId, stateDetails: { state: "confirmed" } });
    expect((await status(c.id)).body.data.stateDetails.state).toBe("Success");
    expect((await svc.api("POST", `/sandbox/mbway/${c.paymentId}/decline`)).status).toBe(409);

    const d = await mbwayCheckout();
    await start(d.id, "912345678");
    const declined = await svc.api("POST", `/sandbox/mbway/${d.paymentId}/decline`);
    // The shopper may try again: the payment stays pending, the checkout records why.
    expect(declined.body.data.stateDetails.state).toBe("pending");
    expect((await status(d.id)).body.data.stateDetails).toMatchObject({
      state: "PaymentReady",
      reason: "mbway_declined",
    });
  });

  it("cancel stops waiting without using an attempt", async () => {
    const c = await mbwayCheckout();
    await start(c.id, "912345678");
    const cancelled = await svc.api("DELETE", `/frame-api/checkouts/${c.id}/mbway-payments`, undefined, {
      key: null,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.mbway).toBeUndefined();
    expect((await status(c.id)).body.data.attempts).toBe(0);
    expect((await svc.api("POST", `/sandbox/mbway/${c.paymentId}/approve`)).status).toBe(409);
  });

  it("refuses invalid phones naming the field", async () => {
    const c = await mbwayCheckout();
    const landline = await start(c.id, "212345678");
    expect(landline.status).toBe(400);
    expect(landline.body.error.details[0].path).toBe("number");
    const country = await start(c.id, "912345678", "999");
    expect(country.body.error.details[0].path).toBe("countryCode");
    const letters = await start(c.id, "91234567a");
    expect(letters.status).toBe(400);
  });

  it("stores an MW method for a registered customer with createRegistration", async () => {
    const customer = await svc.api("POST", "/customers", { customerId: "MW-1" });
    const uuid = customer.body.data.uuid;
    const c = await mbwayCheckout({
      customer: { uuid },
      recurring: { amountQualifier: "ESTM" },
      paymentMethod: { code: "MW", details: { createRegistration: true } },
    });
    await start(c.id, "911111111");
    await waitFor(
      () => status(c.id),
      (r) => r.body.data.stateDetails.state === "Success",
    );
    const methods = await svc.api("GET", `/customers/${uuid}/paymentMethods?type=MW`);
    expect(methods.body.data).toEqual([
      { code: "MW", uuid: expect.any(String), countryCode: "351", last3Digits: "111" },
    ]);
    expect(JSON.stringify(methods.body)).not.toContain("911111111");
    expect((await svc.api("GET", `/customers/${uuid}/paymentMethods?type=CC`)).body.data).toEqual([]);
  });

  it("streams the checkout's changes to the frame as server-sent events", async () => {
    const c = await mbwayCheckout();
    const response = await fetch(`${svc.baseUrl}/frame-api/checkouts/${c.id}/events`);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    await start(c.id, "911111111");
    const text = await response.text(); // the stream ends once the checkout is final
    const states = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? "{}").state);
    expect(states[0]).toBe("PaymentReady");
    expect(states.at(-1)).toBe("Success");
    expect(text).toContain("redirectUrl");
  });
});
