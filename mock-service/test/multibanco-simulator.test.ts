import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, errorEnvelope, payment } from "../contract";
import { makeReference } from "../src/domain/multibanco";
import { createMerchant } from "../src/operations/merchants";
import { endingSoon, inDays, referenceBody, sleepPast, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.cleanup());

async function newReference(overrides: Record<string, unknown> = {}) {
  const res = await svc.api("POST", "/payments/references", referenceBody(overrides));
  expect(res.status).toBe(201);
  const data = envelope(payment).parse(res.body).data;
  const details = data.referenceDetails;
  if (!details) throw new Error("no referenceDetails");
  return { id: data.id, amount: data.amount, entity: details.entity, reference: details.reference };
}

const pay = (
  { entity, reference, amount }: { entity: string; reference: string; amount: number },
  key?: string,
) => svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount }, key ? { key } : {});

function expectError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = errorEnvelope.parse(res.body);
  if (code) expect(body.error.code).toBe(code);
  return body.error;
}

async function eventsOf(paymentId: string) {
  const res = await svc.api("GET", `/events?paymentId=${paymentId}`);
  expect(res.status).toBe(200);
  return res.body.data as { id: string; type: string }[];
}

describe("POST /sandbox/multibanco/payments (the bank network)", () => {
  it("confirms a pending reference: 200 with the confirmed payment and stateDetails.createdAt", async () => {
    const ref = await newReference({ amount: 43211 });
    expect(ref.reference).toMatch(/^\d{9}$/);
    expect(makeReference(ref.entity, ref.reference.slice(0, 7), 43211)).toBe(ref.reference);

    const before = Date.now();
    const res = await pay({ entity: ref.entity, reference: ref.reference, amount: 43211 });
    expect(res.status).toBe(200);
    const data = envelope(payment).parse(res.body).data;
    expect(data.id).toBe(ref.id);
    expect(data.stateDetails.state).toBe("confirmed");
    const confirmedAt = Date.parse(data.stateDetails.createdAt ?? "");
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const read = await svc.api("GET", `/payments/${ref.id}`);
    expect(read.body.data).toEqual(data);
    expect((await eventsOf(ref.id)).map((e) => e.type)).toEqual(["payment.confirmed"]);
  });

  it("needs the merchant key", async () => {
    const ref = await newReference();
    const res = await svc.api("POST", "/sandbox/multibanco/payments", ref, { key: null });
    expectError(res, 401);
  });

  it("answers 404 for an unknown reference and for another entity", async () => {
    const ref = await newReference();
    const unknownNumber = ref.reference.startsWith("9999999") ? "8888888" : "9999999";
    const unknown = makeReference(ref.entity, unknownNumber, ref.amount);
    expectError(await pay({ entity: ref.entity, reference: unknown, amount: ref.amount }), 404);
    const otherEntity = ref.entity === "11111" ? "22222" : "11111";
    expectError(await pay({ entity: otherEntity, reference: ref.reference, amount: ref.amount }), 404);
    expect(await eventsOf(ref.id)).toEqual([]);
  });

  it("answers 404 for another merchant's reference, and leaves it pending", async () => {
    const other = await createMerchant(svc.ctx.db, "Other");
    const res = await svc.api("POST", "/payments/references", referenceBody(), { key: other.apiKey });
    expect(res.status).toBe(201);
    const theirs = res.body.data;
    const body = {
      entity: theirs.referenceDetails.entity,
      reference: theirs.referenceDetails.reference,
      amount: 1500,
    };
    expectError(await pay(body), 404);
    const read = await svc.api("GET", `/payments/${theirs.id}`, undefined, { key: other.apiKey });
    expect(read.body.data.stateDetails.state).toBe("pending");
    // The owner can pay it.
    expect((await pay(body, other.apiKey)).status).toBe(200);
  });

  it("answers 409 for a reference paid already, and does not emit a second event", async () => {
    const ref = await newReference();
    expect((await pay(ref)).status).toBe(200);
    expectError(await pay(ref), 409, "already_paid");
    expect((await eventsOf(ref.id)).length).toBe(1);
  });

  it("answers 409 for an expired reference", async () => {
    const ref = await newReference({ validDate: endingSoon() });
    await sleepPast();
    expectError(await pay(ref), 409, "reference_expired");
    const read = await svc.api("GET", `/payments/${ref.id}`);
    expect(read.body.data.stateDetails.state).toBe("expired");
    expect((await eventsOf(ref.id)).map((e) => e.type)).toEqual(["payment.expired"]);
  });

  it("answers 409 before validDate.start", async () => {
    const ref = await newReference({ validDate: { start: inDays(1), end: inDays(2) } });
    expectError(await pay(ref), 409);
    expect((await svc.api("GET", `/payments/${ref.id}`)).body.data.stateDetails.state).toBe("pending");
  });

  it("answers 422 for a wrong amount, naming amount, and leaves the reference payable", async () => {
    const ref = await newReference({ amount: 2500 });
    for (const amount of [2499, 2501, 250000]) {
      const error = expectError(await pay({ ...ref, amount }), 422, "amount_mismatch");
      expect(error.details?.[0]?.path).toBe("amount");
    }
    expect(await eventsOf(ref.id)).toEqual([]);
    expect((await pay(ref)).status).toBe(200);
  });

  it("answers 422 for bad check digits, naming reference, and leaves the reference payable", async () => {
    const ref = await newReference({ amount: 2600 });
    const digits = Number(ref.reference.slice(7));
    const wrong = `${ref.reference.slice(0, 7)}${String((digits + 1) % 100).padStart(2, "0")}`;
    const error = expectError(await pay({ ...ref, reference: wrong }), 422, "check_digits_mismatch");
    expect(error.details?.[0]?.path).toBe("reference");
    expect(await eventsOf(ref.id)).toEqual([]);
    expect((await pay(ref)).status).toBe(200);
  });

  it("answers 400 for a malformed body, naming the field", async () => {
    const ref = await newReference();
    const res = await pay({ ...ref, reference: "12345" });
    expectError(res, 400, "invalid_request");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("reference");
  });

  it("takes entity and reference as a voucher shows them, grouped with spaces", async () => {
    const ref = await newReference({ amount: 1234 });
    const grouped = ref.reference.replace(/(\d{3})(?=\d)/g, "$1 ");
    expect(grouped).toMatch(/^\d{3} \d{3} \d{3}$/);
    const res = await pay({
      entity: `${ref.entity.slice(0, 2)} ${ref.entity.slice(2)}`,
      reference: grouped,
      amount: 1234,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = envelope(payment).parse(res.body).data;
    expect(data.id).toBe(ref.id);
    expect(data.stateDetails.state).toBe("confirmed");
    // The payment keeps the digits alone.
    expect(data.referenceDetails).toEqual({ entity: ref.entity, reference: ref.reference });
  });

  it("answers 400 naming the field for anything but digits and spaces between them", async () => {
    const ref = await newReference({ amount: 4321 });
    const grouped = ref.reference.replace(/(\d{3})(?=\d)/g, "$1 ");
    const cases: [string, Record<string, unknown>][] = [
      ["reference", { reference: `${ref.reference.slice(0, 8)}A` }],
      ["reference", { reference: grouped.replaceAll(" ", "-") }],
      ["reference", { reference: ` ${grouped}` }],
      ["reference", { reference: `${ref.reference} ` }],
      ["reference", { reference: grouped.replace(" ", "\t") }],
      ["reference", { reference: `${grouped} 1` }],
      ["entity", { entity: `${ref.entity.slice(0, 4)}x` }],
      ["entity", { entity: `${ref.entity}.` }],
    ];
    for (const [field, change] of cases) {
      const res = await pay({ ...ref, ...change });
      const error = expectError(res, 400, "invalid_request");
      expect(
        error.details?.map((d) => d.path),
        JSON.stringify(change),
      ).toEqual([field]);
      expect(error.details?.[0]?.message).toMatch(/digits/);
    }
    expect(await eventsOf(ref.id)).toEqual([]);
  });

  it("confirms exactly once under 50 concurrent confirmations: one 200, one event", async () => {
    const ref = await newReference({ amount: 777 });
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(ref)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const read = await svc.api("GET", `/payments/${ref.id}`);
    expect(read.body.data.stateDetails.state).toBe("confirmed");
    const winner = results.find((r) => r.status === 200);
    expect(read.body.data).toEqual(winner?.body.data);
    expect((await eventsOf(ref.id)).map((e) => e.type)).toEqual(["payment.confirmed"]);
  });
});
