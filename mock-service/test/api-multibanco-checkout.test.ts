import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepExpiredReferences } from "../src/operations/payments";
import { envelope, frameCheckout, payment } from "../contract";
import { referenceMatches } from "../src/domain/multibanco";
import { startReceiver, startTestService, type Receiver, type TestService, waitFor } from "./helpers";
import { shopper } from "./shopper-helpers";

let svc: TestService;
let s: ReturnType<typeof shopper>;
let hooks: Receiver;
beforeAll(async () => {
  svc = await startTestService({
    MULTIBANCO_CHECKOUT_VALIDITY_MS: "60000",
    CHECKOUT_TTL_MS: "1000",
    EXPIRY_SWEEP_MS: "100",
  });
  s = shopper(svc);
  hooks = await startReceiver();
  await svc.api("POST", "/webhooks", { url: hooks.url("/hooks") });
});
afterAll(async () => {
  await svc.cleanup();
  await hooks.close();
});

const bankPays = (v: { entity: string; reference: string }, amount: number) =>
  svc.api("POST", "/sandbox/multibanco/payments", { entity: v.entity, reference: v.reference, amount });

describe("Multibanco in the checkout", () => {
  it("MB alone offers Multibanco only; a checkout without a code offers it with card and MB WAY", async () => {
    const mb = await s.checkout({ paymentMethod: { code: "MB" } });
    expect((await s.status(mb.id)).body.data.paymentMethods).toEqual(["MB"]);
    expect((await s.payCard(mb.id, "4242424242424242")).body.error.code).toBe("method_not_offered");
    const card = await s.checkout({ paymentMethod: { code: "CC" } });
    const refused = await s.voucher(card.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("method_not_offered");
  });

  it("the voucher is the checkout's payment as a pending reference with valid check digits", async () => {
    const c = await s.checkout({ amount: 4321 });
    const before = Date.now();
    const res = await s.voucher(c.id);
    expect(res.status).toBe(200);
    const checkout = envelope(frameCheckout).parse(res.body).data;
    expect(checkout.state).toBe("Pending");
    const voucher = checkout.multibanco;
    if (!voucher) throw new Error("no voucher");
    expect(voucher.entity).toMatch(/^\d{5}$/);
    expect(referenceMatches(voucher.entity, voucher.reference, 4321)).toBe(true);
    expect(voucher.amount).toBe(4321);
    const validity = Date.parse(voucher.expiresAt) - before;
    expect(validity).toBeGreaterThan(59_000);
    expect(validity).toBeLessThan(61_000);
    expect(checkout.redirectUrl).toBe(`https://shop.example/result?order=7&id=${c.id}#done`);

    const read = envelope(payment).parse((await s.payment(c.paymentId)).body).data;
    expect(read).toMatchObject({
      id: c.paymentId,
      checkoutId: c.id,
      stateDetails: { state: "pending" },
      referenceDetails: { entity: voucher.entity, reference: voucher.reference },
      validDate: { end: voucher.expiresAt },
      availableMethods: [{ code: "MB", name: "Multibanco" }],
    });
    expect((await s.status(c.id)).body.data.stateDetails.state).toBe("Pending");
  });

  it("asking again (a reload) shows the same voucher, never a second reference", async () => {
    const c = await s.checkout();
    const first = (await s.voucher(c.id)).body.data.multibanco;
    const again = await Promise.all([s.voucher(c.id), s.voucher(c.id), s.frameCheckout(c.id)]);
    for (const res of again) expect(res.body.data.multibanco).toEqual(first);
  });

  it("two concurrent first requests still create one reference", async () => {
    const c = await s.checkout();
    const answers = await Promise.all([s.voucher(c.id), s.voucher(c.id), s.voucher(c.id)]);
    const refs = new Set(
      answers.filter((a) => a.status === 200).map((a) => a.body.data.multibanco.reference),
    );
    expect(refs.size).toBe(1);
    const current = (await s.frameCheckout(c.id)).body.data.multibanco.reference;
    expect([...refs]).toEqual([current]);
  });

  it("a Pending checkout takes no other payment", async () => {
    const c = await s.checkout();
    await s.voucher(c.id);
    const card = await s.payCard(c.id, "4242424242424242");
    expect(card.status).toBe(409);
    expect(card.body.error.code).toBe("checkout_closed");
  });

  it("paid by the bank network: the checkout becomes Success and payment.confirmed is sent", async () => {
    const c = await s.checkout({ amount: 2500 });
    const voucher = (await s.voucher(c.id)).body.data.multibanco;
    const paid = await bankPays(voucher, 2500);
    expect(paid.status).toBe(200);
    expect(paid.body.data.stateDetails.state).toBe("confirmed");
    const status = await s.status(c.id);
    expect(status.body.data.stateDetails.state).toBe("Success");
    expect(status.body.data.result).toEqual({ paymentMethodCode: "MB" });
    expect(await s.eventTypes(c.paymentId)).toEqual(["payment.confirmed", "checkout.completed"]);
    // Paid at an ATM like any reference: no account to refund to.
    const refund = await svc.api("POST", `/payments/${c.paymentId}/refunds`, {});
    expect(refund.status).toBe(409);
    expect(refund.body.error.code).toBe("refund_not_supported");
    const delivered = await waitFor(
      () => {
        const types = hooks
          .at("/hooks")
          .map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
        return types.filter((e) => e.data.id === c.paymentId || e.data.id === c.id).length === 2
          ? types
          : undefined;
      },
      { what: "both notifications" },
    );
    expect(delivered.some((e) => e.type === "payment.confirmed" && e.data.id === c.paymentId)).toBe(true);
    expect((await bankPays(voucher, 2500)).body.error.code).toBe("already_paid");
  });

  it("the frame's event stream stays open while Pending and pushes Success when the bank pays", async () => {
    const c = await s.checkout({ amount: 700 });
    const voucher = (await s.voucher(c.id)).body.data.multibanco;
    const response = await fetch(`${svc.baseUrl}/frame-api/checkouts/${c.id}/events`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes('"state":"Pending"')) text += (await reader.read()).value ?? "";
    await bankPays(voucher, 700);
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += chunk.value;
    }
    expect(text).toContain('"state":"Success"');
  });

  it("the checkout's own lifetime does not cut a voucher short", async () => {
    const c = await s.checkout();
    await s.voucher(c.id);
    await new Promise((r) => setTimeout(r, 1300)); // past CHECKOUT_TTL_MS, and past a sweep
    expect((await s.status(c.id)).body.data.stateDetails.state).toBe("Pending");
    expect((await s.payment(c.paymentId)).body.data.stateDetails.state).toBe("pending");
  });

  it("a checkout past its lifetime gives no voucher", async () => {
    const c = await s.checkout();
    await new Promise((r) => setTimeout(r, 1100));
    const res = await s.voucher(c.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("checkout_closed");
  });
});

describe("Multibanco voucher expiry", () => {
  it("when the reference expires the checkout reads Expired at once, and the sweep records it with its events", async () => {
    const local = await startTestService({
      MULTIBANCO_CHECKOUT_VALIDITY_MS: "1000",
      EXPIRY_SWEEP_MS: "60000",
    });
    try {
      const l = shopper(local);
      const read = await l.checkout();
      const swept = await l.checkout();
      await l.voucher(read.id);
      await l.voucher(swept.id);
      await new Promise((r) => setTimeout(r, 1100));
      // Reads show the expiry before anything records it (reads do not write).
      expect((await l.status(read.id)).body.data.stateDetails.state).toBe("Expired");
      expect((await l.payment(read.paymentId)).body.data.stateDetails.state).toBe("expired");
      expect((await l.payment(swept.paymentId)).body.data.stateDetails.state).toBe("expired");
      expect(await l.eventTypes(read.paymentId)).toEqual([]);
      // The sweep records both, each once, and the checkout follows its reference.
      expect(await sweepExpiredReferences(local.ctx)).toBe(2);
      expect(await l.eventTypes(read.paymentId)).toEqual(["payment.expired", "checkout.failed"]);
      expect(await l.eventTypes(swept.paymentId)).toEqual(["payment.expired", "checkout.failed"]);
      expect((await l.status(swept.id)).body.data.stateDetails.state).toBe("Expired");
      const voucher = (await l.frameCheckout(read.id)).body.data.multibanco;
      const late = await local.api("POST", "/sandbox/multibanco/payments", {
        entity: voucher.entity,
        reference: voucher.reference,
        amount: 1999,
      });
      expect(late.body.error.code).toBe("reference_expired");
    } finally {
      await local.cleanup();
    }
  });
});
