import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, payment } from "../contract";
import { createMerchant } from "../src/operations/merchants";
import { startTestService, type TestService, waitFor } from "./helpers";
import { newCustomer, paidByCard, paidByMbway } from "./payment-fixtures";

let svc: TestService;
let otherKey: string;
beforeAll(async () => {
  svc = await startTestService({ MBWAY_AUTO_APPROVE_MS: "200", MBWAY_TIMEOUT_MS: "1500" });
  otherKey = (await createMerchant(svc.ctx.db, "Other")).apiKey;
});
afterAll(() => svc.cleanup());

async function savedCard(number: string, customerId: string) {
  const customerUuid = await newCustomer(svc, customerId);
  const { registrationId } = await paidByCard(svc, number, { customerUuid });
  expect(registrationId).toBeTruthy();
  return { customerUuid, methodUuid: registrationId };
}

const charge = (
  customerUuid: string,
  methodUuid: string,
  extra: Record<string, unknown> = {},
  init: { key?: string; headers?: Record<string, string> } = {},
) =>
  svc.api(
    "POST",
    "/payments",
    { amount: 1299, customer: { uuid: customerUuid }, paymentMethod: { uuid: methodUuid }, ...extra },
    init,
  );

const eventTypes = async (paymentId: string) =>
  (await svc.api("GET", `/events?paymentId=${paymentId}`)).body.data.map((e: { type: string }) => e.type);

describe("charging a saved method", () => {
  it("a saved 4242 card is charged at once: 201 confirmed, with code, summary, customer and method", async () => {
    const { customerUuid, methodUuid } = await savedCard("4242424242424242", "mit-ok");
    const res = await charge(customerUuid, methodUuid, { code: "SUB-7", summary: "Monthly box" });
    expect(res.status).toBe(201);
    const made = envelope(payment).parse(res.body).data;
    expect(made).toMatchObject({
      amount: 1299,
      stateDetails: { state: "confirmed" },
      code: "SUB-7",
      summary: "Monthly box",
      amountRefunded: 0,
      refunds: [],
      customer: { uuid: customerUuid },
      paymentMethod: { uuid: methodUuid, code: "CC" },
      availableMethods: [{ code: "CC" }],
    });
    expect((await svc.api("GET", `/payments/${made.id}`)).body.data).toEqual(made);
    expect(await eventTypes(made.id)).toEqual(["payment.confirmed"]);
    // A charged card payment refunds like any other.
    expect((await svc.api("POST", `/payments/${made.id}/refunds`, { amount: 299 })).status).toBe(201);
  });

  it("a card saved from 4000 0000 0000 0341 declines every charge (card_declined)", async () => {
    const { customerUuid, methodUuid } = await savedCard("4000000000000341", "mit-0341");
    for (let i = 0; i < 2; i++) {
      const res = await charge(customerUuid, methodUuid);
      expect(res.status).toBe(201);
      expect(res.body.data.stateDetails).toEqual({ state: "declined", reason: "card_declined" });
      expect(await eventTypes(res.body.data.id)).toEqual(["payment.declined"]);
    }
  });

  it("a card saved from a 3-D Secure challenge card is declined with authentication_required", async () => {
    const { customerUuid, methodUuid } = await savedCard("4000000000003220", "mit-3220");
    const res = await charge(customerUuid, methodUuid);
    expect(res.status).toBe(201);
    expect(res.body.data.stateDetails).toEqual({ state: "declined", reason: "authentication_required" });
    // A frictionless 3-D Secure card needs no shopper: its charges succeed.
    const frictionless = await savedCard("4000000000003055", "mit-3055");
    const ok = await charge(frictionless.customerUuid, frictionless.methodUuid);
    expect(ok.body.data.stateDetails.state).toBe("confirmed");
  });

  it("a saved MB WAY number answers 202 pending; the auto-approve test phone confirms it", async () => {
    const customerUuid = await newCustomer(svc, "mit-mw-auto");
    const { registrationId } = await paidByMbway(svc, "911111111", { customerUuid });
    const res = await charge(customerUuid, registrationId);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({
      stateDetails: { state: "pending" },
      paymentMethod: { code: "MW" },
    });
    const id = res.body.data.id as string;
    const done = await waitFor(async () => {
      const read = await svc.api("GET", `/payments/${id}`);
      return read.body.data.stateDetails.state !== "pending" ? read : undefined;
    });
    expect(done.body.data.stateDetails.state).toBe("confirmed");
    expect(await eventTypes(id)).toEqual(["payment.confirmed"]);
  });

  it("a saved MB WAY number waits for the simulator: approve confirms, decline declines, twice is 409", async () => {
    const customerUuid = await newCustomer(svc, "mit-mw-manual");
    const { registrationId } = await paidByMbway(svc, "912345678", { customerUuid });
    const approved = await charge(customerUuid, registrationId);
    expect(approved.status).toBe(202);
    const answer = await svc.api("POST", `/sandbox/mbway/${approved.body.data.id}/approve`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.stateDetails.state).toBe("confirmed");
    expect((await svc.api("POST", `/sandbox/mbway/${approved.body.data.id}/decline`)).status).toBe(409);

    const declined = await charge(customerUuid, registrationId);
    const no = await svc.api("POST", `/sandbox/mbway/${declined.body.data.id}/decline`);
    expect(no.body.data.stateDetails).toEqual({ state: "declined", reason: "mbway_declined" });
    expect(await eventTypes(declined.body.data.id)).toEqual(["payment.declined"]);
    expect(
      (await svc.api("POST", `/sandbox/mbway/${declined.body.data.id}/approve`, undefined, { key: otherKey }))
        .status,
    ).toBe(404);
  });

  it("an unanswered MB WAY charge expires (mbway_timeout)", async () => {
    const customerUuid = await newCustomer(svc, "mit-mw-timeout");
    const { registrationId } = await paidByMbway(svc, "933333333", { customerUuid });
    const res = await charge(customerUuid, registrationId);
    const id = res.body.data.id as string;
    const done = await waitFor(
      async () => {
        const read = await svc.api("GET", `/payments/${id}`);
        return read.body.data.stateDetails.state !== "pending" ? read : undefined;
      },
      { timeoutMs: 5000 },
    );
    expect(done.body.data.stateDetails).toEqual({ state: "expired", reason: "mbway_timeout" });
    expect(await eventTypes(id)).toEqual(["payment.expired"]);
  });

  it("another merchant's customer or method, or another customer's method, answers 404 and charges nothing", async () => {
    const mine = await savedCard("4242424242424242", "mit-owner");
    const otherCustomer = await newCustomer(svc, "mit-other");
    const notTheirs = await charge(otherCustomer, mine.methodUuid);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.code).toBe("not_found");
    expect((await charge(mine.customerUuid, mine.methodUuid, {}, { key: otherKey })).status).toBe(404);
    const theirCustomer = await newCustomer(svc, "mit-owner", otherKey);
    expect((await charge(theirCustomer, mine.methodUuid, {}, { key: otherKey })).status).toBe(404);
    expect((await charge(mine.customerUuid, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const events = await svc.api("GET", "/events?type=payment.confirmed&limit=100", undefined, {
      key: otherKey,
    });
    expect(events.body.data).toEqual([]);
  });

  it("validates the body, naming each field", async () => {
    const res = await svc.api("POST", "/payments", { amount: 0, customer: {}, paymentMethod: { uuid: "x" } });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["amount", "customer.uuid", "paymentMethod.uuid"]);
  });

  it("honours Idempotency-Key: a retried charge answers the first payment and charges once", async () => {
    const { customerUuid, methodUuid } = await savedCard("4242424242424242", "mit-idem");
    const headers = { "idempotency-key": "charge-once" };
    const first = await charge(customerUuid, methodUuid, {}, { headers });
    const again = await charge(customerUuid, methodUuid, {}, { headers });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await charge(customerUuid, methodUuid, { amount: 5 }, { headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });
});
