import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, event, payment, refund } from "../contract";
import { createMerchant } from "../src/operations/merchants";
import {
  referenceBody,
  startReceiver,
  startTestService,
  type Receiver,
  type TestService,
  waitFor,
} from "./helpers";
import { paidByCard, paidByMbway } from "./payment-fixtures";

let svc: TestService;
let receiver: Receiver;
let otherKey: string;
beforeAll(async () => {
  svc = await startTestService({ MBWAY_AUTO_APPROVE_MS: "60000" });
  otherKey = (await createMerchant(svc.ctx.db, "Other")).apiKey;
  receiver = await startReceiver();
  const hook = await svc.api("POST", "/webhooks", {
    url: receiver.url("/hooks"),
    events: ["payment.refunded"],
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await svc.cleanup();
});

const refundOf = (
  paymentId: string,
  body: unknown = {},
  init: { key?: string; headers?: Record<string, string> } = {},
) => svc.api("POST", `/payments/${paymentId}/refunds`, body, init);

describe("refunds", () => {
  it("refunds part of a card payment, then the rest by default; the payment adds them up", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242", { amount: 2500 });
    const first = await refundOf(paymentId, { amount: 1000, reason: "one mug broke" });
    expect(first.status).toBe(201);
    const made = envelope(refund).parse(first.body).data;
    expect(made).toMatchObject({ paymentId, amount: 1000, reason: "one mug broke", state: "succeeded" });
    expect(made.id).toMatch(/^re_[A-Za-z0-9]{20}$/);

    const rest = await refundOf(paymentId);
    expect(rest.status).toBe(201);
    expect(rest.body.data.amount).toBe(1500);
    expect(rest.body.data.reason).toBeUndefined();

    const read = envelope(payment).parse((await svc.api("GET", `/payments/${paymentId}`)).body).data;
    expect(read.stateDetails.state).toBe("confirmed");
    expect(read.amountRefunded).toBe(2500);
    expect(read.refunds.map((r) => r.amount)).toEqual([1000, 1500]);
    const list = await svc.api("GET", `/payments/${paymentId}/refunds`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(read.refunds);

    const more = await refundOf(paymentId, { amount: 1 });
    expect(more.status).toBe(400);
    expect(more.body.error.code).toBe("amount_exceeds_refundable");
    expect(more.body.error.details).toEqual([{ path: "amount", message: "nothing is left to refund" }]);
  });

  it("refuses more than remains, naming amount and the most it can be, and keeps the payment as it was", async () => {
    const { paymentId } = await paidByCard(svc, "5555555555554444", { amount: 900 });
    expect((await refundOf(paymentId, { amount: 400 })).status).toBe(201);
    const tooMuch = await refundOf(paymentId, { amount: 501 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({
      code: "amount_exceeds_refundable",
      details: [{ path: "amount", message: "must be at most 500" }],
    });
    expect((await svc.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(400);
  });

  it("concurrent refunds never add up to more than the payment", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242", { amount: 1000 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => refundOf(paymentId, { amount: 400 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400]);
    expect((await svc.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(800);
  });

  it("refunds an MB WAY payment", async () => {
    const { paymentId } = await paidByMbway(svc, "912345678");
    const res = await refundOf(paymentId, { amount: 800 });
    expect(res.status).toBe(201);
    expect((await svc.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(800);
  });

  it("refuses a payment that is not confirmed (409 payment_not_refundable)", async () => {
    const declined = await paidByCard(svc, "4000000000000002");
    const pending = await svc.api("POST", "/checkouts", {
      payment: { amount: 100 },
      redirects: [{ type: "action", url: "https://shop.example/r" }],
    });
    for (const paymentId of [declined.paymentId, pending.body.data.paymentId as string]) {
      const res = await refundOf(paymentId);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("payment_not_refundable");
    }
  });

  it("refuses a Multibanco payment (409 refund_not_supported), paid or not", async () => {
    const ref = await svc.api("POST", "/payments/references", referenceBody({ amount: 1500 }));
    const { entity, reference } = ref.body.data.referenceDetails;
    const paid = await svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount: 1500 });
    expect(paid.status).toBe(200);
    const res = await refundOf(ref.body.data.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("refund_not_supported");
    expect(res.body.error.message).toContain("IBAN");
  });

  it("answers another merchant's payment like a missing one (404)", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242");
    expect((await refundOf(paymentId, {}, { key: otherKey })).status).toBe(404);
    expect(
      (await svc.api("GET", `/payments/${paymentId}/refunds`, undefined, { key: otherKey })).status,
    ).toBe(404);
    expect((await refundOf("pay_AAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await svc.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(0);
  });

  it("validates the body, naming the field", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242");
    const res = await refundOf(paymentId, { amount: 10.5, reason: "", extra: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["amount", "extra", "reason"]);
  });

  it("honours Idempotency-Key: a retry answers the same refund and refunds once", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242", { amount: 3000 });
    const headers = { "idempotency-key": `refund-${paymentId}` };
    const first = await refundOf(paymentId, { amount: 1000 }, { headers });
    const again = await refundOf(paymentId, { amount: 1000 }, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await svc.api("GET", `/payments/${paymentId}`)).body.data.amountRefunded).toBe(1000);
  });

  it("sends payment.refunded with the payment and its refunds, signed, to webhooks", async () => {
    const { paymentId } = await paidByCard(svc, "4242424242424242", { amount: 700 });
    const made = await refundOf(paymentId, { amount: 300 });
    const delivered = await waitFor(() =>
      receiver
        .at("/hooks")
        .find((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === paymentId),
    );
    expect(delivered.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const sent = event.parse(JSON.parse(delivered.body));
    expect(sent.type).toBe("payment.refunded");
    if (sent.type !== "payment.refunded") return;
    expect(sent.data).toMatchObject({
      id: paymentId,
      amountRefunded: 300,
      code: "ORD-1",
      summary: "Two mugs",
    });
    expect(sent.data.refunds).toEqual([made.body.data]);
    const events = await svc.api("GET", `/events?paymentId=${paymentId}&type=payment.refunded`);
    expect(events.body.data).toHaveLength(1);
  });
});
