import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { frameCsp } from "../src/http/frame-page";
import { startTestService, type TestService, waitFor } from "./helpers";
import { shopper } from "./shopper-helpers";

let svc: TestService;
let s: ReturnType<typeof shopper>;
let otherKey: string;
beforeAll(async () => {
  svc = await startTestService({
    CHECKOUT_MAX_ATTEMPTS: "3",
    THREEDS_TIMEOUT_MS: "1000",
    EXPIRY_SWEEP_MS: "100",
  });
  s = shopper(svc);
  otherKey = (await createMerchant(svc.ctx.db, "Other")).apiKey;
});
afterAll(() => svc.cleanup());

const simulate = (paymentId: string, answer: "complete" | "fail", key?: string) =>
  svc.api("POST", `/sandbox/3ds/${paymentId}/${answer}`, undefined, key ? { key } : {});

describe("3-D Secure", () => {
  it("3220 opens a challenge: the checkout stays PaymentReady and the payment awaits authentication", async () => {
    const c = await s.checkout();
    const paid = await s.payCard(c.id, "4000000000003220");
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      state: "PaymentReady",
      approved: false,
      attemptsLeft: 3,
      challenge: { url: `/sandbox/3ds/${c.paymentId}` },
    });
    expect(paid.body.data.reason).toBeUndefined();
    expect((await s.status(c.id)).body.data).toMatchObject({
      attempts: 0,
      stateDetails: { state: "PaymentReady" },
    });
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("awaiting_authentication");
    expect((await s.frameCheckout(c.id)).body.data.challenge.url).toBe(`/sandbox/3ds/${c.paymentId}`);

    const done = await s.answerChallenge(c.id, "complete");
    expect(done.body.data).toMatchObject({ state: "Success", approved: true });
    expect((await s.status(c.id)).body.data).toMatchObject({
      attempts: 1,
      stateDetails: { state: "Success" },
      result: { brand: "Visa", last4Digits: "3220" },
    });
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("confirmed");
    expect(await s.eventTypes(c.paymentId)).toEqual(["checkout.completed"]);
  });

  it("3055 is authenticated without a challenge (frictionless) and confirmed", async () => {
    const c = await s.checkout();
    const paid = await s.payCard(c.id, "4000000000003055");
    expect(paid.body.data).toMatchObject({ state: "Success", approved: true });
    expect(paid.body.data.challenge).toBeUndefined();
  });

  it("1629 asks for the challenge, then the card is declined (card_declined)", async () => {
    const c = await s.checkout();
    expect((await s.payCard(c.id, "4000008400001629")).body.data.challenge).toBeDefined();
    const answered = await s.answerChallenge(c.id, "complete");
    expect(answered.body.data).toMatchObject({
      state: "PaymentReady",
      approved: false,
      reason: "card_declined",
      attemptsLeft: 2,
    });
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("pending");
  });

  it("a failed challenge declines the attempt (authentication_failed), counts it, and the shopper may retry", async () => {
    const c = await s.checkout();
    await s.payCard(c.id, "4000000000003220");
    const failed = await s.answerChallenge(c.id, "fail");
    expect(failed.body.data).toMatchObject({
      state: "PaymentReady",
      approved: false,
      reason: "authentication_failed",
      attemptsLeft: 2,
    });
    expect((await s.status(c.id)).body.data.stateDetails).toMatchObject({
      state: "PaymentReady",
      reason: "authentication_failed",
    });
    // Retry with another card succeeds.
    expect((await s.payCard(c.id, "4242424242424242")).body.data.approved).toBe(true);
  });

  it("three failed challenges decline the checkout", async () => {
    const c = await s.checkout();
    for (let i = 0; i < 3; i++) {
      await s.payCard(c.id, "4000000000003220");
      await s.answerChallenge(c.id, "fail");
    }
    const status = await s.status(c.id);
    expect(status.body.data.stateDetails).toMatchObject({
      state: "Declined",
      reason: "authentication_failed",
    });
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("declined");
  });

  it("a challenge left unanswered past THREEDS_TIMEOUT_MS fails its attempt", async () => {
    const c = await s.checkout();
    await s.payCard(c.id, "4000000000003220");
    const status = await waitFor(
      async () => {
        const res = await s.status(c.id);
        return res.body.data.attempts === 1 ? res : undefined;
      },
      { what: "the challenge to time out" },
    );
    expect(status.body.data.stateDetails).toMatchObject({
      state: "PaymentReady",
      reason: "authentication_failed",
    });
    expect((await s.frameCheckout(c.id)).body.data.challenge).toBeUndefined();
    expect((await s.answerChallenge(c.id, "complete")).status).toBe(409);
  });

  it("while a challenge is open no other payment starts", async () => {
    const c = await s.checkout();
    await s.payCard(c.id, "4000000000003220");
    const card = await s.payCard(c.id, "4242424242424242");
    expect(card.status).toBe(409);
    expect(card.body.error.code).toBe("payment_in_progress");
    const mbway = await svc.api(
      "POST",
      `/frame-api/checkouts/${c.id}/mbway-payments`,
      { countryCode: "351", number: "911111111" },
      { key: null },
    );
    expect(mbway.status).toBe(409);
    expect((await s.voucher(c.id)).status).toBe(409);
  });

  it("the sandbox endpoints complete or fail a challenge with the merchant's key", async () => {
    const c = await s.checkout();
    await s.payCard(c.id, "4000000000003220");
    const failed = await simulate(c.paymentId, "fail");
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({
      attempts: 1,
      stateDetails: { reason: "authentication_failed" },
    });
    await s.payCard(c.id, "4000000000003220");
    const completed = await simulate(c.paymentId, "complete");
    expect(completed.body.data.stateDetails.state).toBe("Success");
  });

  it("answers 409 no_challenge when none is open, 404 for another merchant's payment, 401 without a key", async () => {
    const c = await s.checkout();
    const none = await simulate(c.paymentId, "complete");
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("no_challenge");
    expect((await s.answerChallenge(c.id, "complete")).body.error.code).toBe("no_challenge");

    await s.payCard(c.id, "4000000000003220");
    const other = await simulate(c.paymentId, "complete", otherKey);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
    const anonymous = await svc.api("POST", `/sandbox/3ds/${c.paymentId}/complete`, undefined, { key: null });
    expect(anonymous.status).toBe(401);
    // Still open for the rightful merchant.
    expect((await s.frameCheckout(c.id)).body.data.challenge).toBeDefined();
    const bad = await svc.api("POST", `/sandbox/3ds/${c.paymentId}/maybe`);
    expect(bad.status).toBe(400);
  });

  it("a challenge is answered once, whoever answers", async () => {
    const c = await s.checkout();
    await s.payCard(c.id, "4000000000003220");
    const answers = await Promise.all([
      s.answerChallenge(c.id, "complete"),
      simulate(c.paymentId, "fail"),
      s.answerChallenge(c.id, "fail"),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const status = await s.status(c.id);
    expect(status.body.data.attempts).toBe(1);
  });

  it("a card saved from 3220 asks for the challenge again on every payment", async () => {
    const customer = await s.customer();
    const saved = await s.savedCard(customer, "4000000000003220");
    for (let i = 0; i < 2; i++) {
      const c = await s.checkout({ customer: { uuid: customer } });
      const paid = await s.paySaved(c.id, saved);
      expect(paid.body.data.challenge?.url).toBe(`/sandbox/3ds/${c.paymentId}`);
      const done = await s.answerChallenge(c.id, "complete");
      expect(done.body.data.approved).toBe(true);
      expect((await s.status(c.id)).body.data.stateDetails.registrationId).toBe(saved);
    }
  });

  it("serves the issuer's page titled Sandbox Bank with the amount and merchant, in the checkout's language", async () => {
    const c = await s.checkout({ amount: 4250 });
    const closed = await fetch(`${svc.baseUrl}/sandbox/3ds/${c.paymentId}`);
    expect(closed.status).toBe(200);
    expect(await closed.text()).toContain("No payment is waiting for authentication.");

    await s.payCard(c.id, "4000000000003220");
    const page = await fetch(`${svc.baseUrl}/sandbox/3ds/${c.paymentId}?lang=pt`);
    const html = await page.text();
    // Every ancestor is checked: the checkout frame ('self') and the merchant's page around it.
    expect(page.headers.get("content-security-policy")).toContain(
      "frame-ancestors 'self' https://shop.example",
    );
    expect(page.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    expect(html).toContain("<title>Sandbox Bank</title>");
    expect(html).toContain("Concluir autenticação");
    expect(html).toContain("Falhar autenticação");
    expect(html).toMatch(/42,50\s€/);
    expect(html).toContain("Sandbox merchant");
    expect((await fetch(`${svc.baseUrl}/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });

  it("the checkout frame may show the issuer's page (frame-src 'self')", () => {
    expect(frameCsp("https://shop.example")).toContain("frame-src 'self'");
  });
});
