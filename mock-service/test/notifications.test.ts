import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { envelope, event as eventSchema, eventWithDeliveries, payment } from "../contract";
import { verifySignature } from "../contract/verify-signature";
import {
  type ReceivedRequest,
  type Receiver,
  endingSoon,
  referenceBody,
  sleepPast,
  sleep,
  startReceiver,
  startTestService,
  type TestService,
  waitFor,
} from "./helpers";

const SANDBOX_SECRET = "whsec_sandbox";
let svc: TestService;
let rx: Receiver;
let n = 0;
/** A fresh path on the receiver for each use, so tests never see each other's requests. */
const path = (name: string) => `/${name}-${++n}`;

beforeAll(async () => {
  svc = await startTestService({
    NOTIFY_RETRY_DELAYS: "50,50,50",
    NOTIFY_TIMEOUT_MS: "300",
    NOTIFY_POLL_MS: "200",
  });
  rx = await startReceiver();
});
afterEach(async () => {
  rx.reply = () => 200;
  for (const hook of (await svc.api("GET", "/webhooks")).body.data) {
    await svc.api("DELETE", `/webhooks/${hook.id}`);
  }
});
afterAll(async () => {
  await rx.close();
  await svc.cleanup();
});

async function newReference(overrides: Record<string, unknown> = {}) {
  const res = await svc.api("POST", "/payments/references", referenceBody(overrides));
  expect(res.status).toBe(201);
  return envelope(payment).parse(res.body).data;
}

function payBody(p: {
  amount: number;
  referenceDetails?: { entity: string; reference: string } | undefined;
}) {
  if (!p.referenceDetails) throw new Error("no referenceDetails");
  return { entity: p.referenceDetails.entity, reference: p.referenceDetails.reference, amount: p.amount };
}

const pay = (body: { entity: string; reference: string; amount: number }) =>
  svc.api("POST", "/sandbox/multibanco/payments", body);

async function addWebhook(url: string, events?: string[]) {
  const res = await svc.api("POST", "/webhooks", { url, ...(events && { events }) });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; url: string; events: string[]; secret: string };
}

async function readEvent(id: string) {
  const res = await svc.api("GET", `/events/${id}`);
  expect(res.status).toBe(200);
  return envelope(eventWithDeliveries).parse(res.body).data;
}

function expectSignedEvent(request: ReceivedRequest, secret: string) {
  expect(request.method).toBe("POST");
  expect(request.headers["content-type"]).toMatch(/^application\/json/);
  const header = request.headers["x-signature"];
  expect(typeof header).toBe("string");
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(verifySignature(request.body, header as string, secret)).toBe(true);
  const parsed = eventSchema.parse(JSON.parse(request.body));
  expect(request.headers["x-event-id"]).toBe(parsed.id);
  return parsed;
}

/** Lets the notifier run a few more polls, to show that nothing else arrives. */
const settle = () => sleep(250);

describe("notifications of a paid reference", () => {
  it("notify the callbackUrl and a webhook once each, signed, with data equal to GET /payments/{id}", async () => {
    const cb = path("cb");
    const hookPath = path("hook");
    const hook = await addWebhook(rx.url(hookPath));
    expect(hook.secret).toMatch(/^whsec_/);
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);

    await waitFor(() => rx.at(cb).length === 1 && rx.at(hookPath).length === 1, { what: "both deliveries" });
    await settle();
    expect(rx.at(cb)).toHaveLength(1);
    expect(rx.at(hookPath)).toHaveLength(1);
    const [toCallback] = rx.at(cb);
    const [toHook] = rx.at(hookPath);
    if (!toCallback || !toHook) throw new Error("missing");

    const a = expectSignedEvent(toCallback, SANDBOX_SECRET);
    const b = expectSignedEvent(toHook, hook.secret);
    // Each delivery is signed with its own secret only.
    expect(verifySignature(toCallback.body, toCallback.headers["x-signature"] as string, hook.secret)).toBe(
      false,
    );
    expect(verifySignature(toHook.body, toHook.headers["x-signature"] as string, SANDBOX_SECRET)).toBe(false);
    // One event, sent to both targets.
    expect(a.id).toMatch(/^evt_/);
    expect(b.id).toBe(a.id);
    expect(toHook.body).toBe(toCallback.body);
    expect(a.type).toBe("payment.confirmed");
    expect(toCallback.headers["x-event-type"]).toBe("payment.confirmed");

    const read = await svc.api("GET", `/payments/${p.id}`);
    expect(a.data).toEqual(read.body.data);
    expect(JSON.stringify(a.data)).toBe(JSON.stringify(read.body.data));
    expect(read.body.data.stateDetails.state).toBe("confirmed");

    const logged = await readEvent(a.id);
    expect(logged.deliveries.map((d) => [d.target, d.state]).sort()).toEqual([
      ["callback", "succeeded"],
      ["webhook", "succeeded"],
    ]);
    expect(logged.deliveries.find((d) => d.target === "webhook")?.webhookId).toBe(hook.id);
  });

  it("respect a webhook's events filter", async () => {
    const confirmedOnly = path("confirmed-only");
    const expiredOnly = path("expired-only");
    await addWebhook(rx.url(confirmedOnly), ["payment.confirmed"]);
    await addWebhook(rx.url(expiredOnly), ["payment.expired"]);

    const paid = await newReference();
    expect((await pay(payBody(paid))).status).toBe(200);
    const expiring = await newReference({ validDate: endingSoon() });
    await sleepPast();
    expect((await svc.api("GET", `/payments/${expiring.id}`)).body.data.stateDetails.state).toBe("expired");

    await waitFor(() => rx.at(confirmedOnly).length >= 1 && rx.at(expiredOnly).length >= 1);
    await settle();
    expect(rx.at(confirmedOnly).map((r) => JSON.parse(r.body).type)).toEqual(["payment.confirmed"]);
    expect(rx.at(expiredOnly).map((r) => JSON.parse(r.body).type)).toEqual(["payment.expired"]);
    expect(JSON.parse(rx.at(confirmedOnly)[0]?.body ?? "{}").data.id).toBe(paid.id);
    expect(JSON.parse(rx.at(expiredOnly)[0]?.body ?? "{}").data.id).toBe(expiring.id);
  });

  it("go nowhere for a removed webhook", async () => {
    const gone = path("gone");
    const hook = await addWebhook(rx.url(gone));
    expect((await svc.api("DELETE", `/webhooks/${hook.id}`)).status).toBe(200);
    const cb = path("cb");
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);
    await waitFor(() => rx.at(cb).length === 1);
    await settle();
    expect(rx.at(gone)).toHaveLength(0);
  });

  it("are not sent for refused confirmations: wrong amount, bad check digits, second payment, expired", async () => {
    const hookPath = path("hook");
    await addWebhook(rx.url(hookPath), ["payment.confirmed"]);

    const cb = path("cb");
    const p = await newReference({ amount: 4200, callbackUrl: rx.url(cb) });
    const body = payBody(p);
    expect((await pay({ ...body, amount: 4201 })).status).toBe(422);
    const wrongDigits = `${body.reference.slice(0, 7)}${String((Number(body.reference.slice(7)) + 1) % 100).padStart(2, "0")}`;
    expect((await pay({ ...body, reference: wrongDigits })).status).toBe(422);
    await settle();
    expect(rx.at(cb)).toHaveLength(0);
    expect(rx.at(hookPath)).toHaveLength(0);

    expect((await pay(body)).status).toBe(200);
    expect((await pay(body)).status).toBe(409);
    await waitFor(() => rx.at(cb).length === 1 && rx.at(hookPath).length === 1);
    await settle();
    expect(rx.at(cb)).toHaveLength(1);
    expect(rx.at(hookPath)).toHaveLength(1);

    const expiredCb = path("expired-cb");
    const expired = await newReference({
      callbackUrl: rx.url(expiredCb),
      validDate: endingSoon(),
    });
    await sleepPast();
    expect((await pay(payBody(expired))).status).toBe(409);
    await waitFor(() => rx.at(expiredCb).length === 1);
    await settle();
    // The only notification is the expiry itself; the refused payment sends nothing.
    expect(rx.at(expiredCb).map((r) => JSON.parse(r.body).type)).toEqual(["payment.expired"]);
    expect(rx.at(hookPath)).toHaveLength(1);
  });
});

describe("retries", () => {
  it("send the same event again after a receiver fails twice (500), and log every attempt", async () => {
    const cb = path("flaky");
    rx.reply = (_r, index) => (index < 2 ? 500 : 200);
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);

    await waitFor(() => rx.at(cb).length === 3, { what: "three attempts" });
    await settle();
    const requests = rx.at(cb);
    expect(requests).toHaveLength(3);
    const events = requests.map((r) => expectSignedEvent(r, SANDBOX_SECRET));
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    // Backoff: the schedule's 50 ms, minus at most 10 % jitter.
    for (let i = 1; i < requests.length; i++) {
      expect((requests[i]?.at ?? 0) - (requests[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(44);
    }

    const logged = await waitFor(async () => {
      const e = await readEvent(events[0]?.id ?? "");
      return e.deliveries[0]?.state === "succeeded" ? e : undefined;
    });
    const [delivery] = logged.deliveries;
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery?.nextAttemptAt).toBeUndefined();
  });

  it("count any 2xx as delivered, and a redirect as a failure (not followed)", async () => {
    const cb = path("redirect");
    rx.reply = (_r, index) => [302, 204][index] ?? 500;
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);
    await waitFor(() => rx.at(cb).length === 2);
    await settle();
    expect(rx.at(cb)).toHaveLength(2);
    const logged = await readEvent(String(rx.at(cb)[0]?.headers["x-event-id"]));
    expect(logged.deliveries[0]?.attempts.map((a) => a.statusCode)).toEqual([302, 204]);
    expect(logged.deliveries[0]?.state).toBe("succeeded");
  });

  it("retry a receiver slower than NOTIFY_TIMEOUT_MS", async () => {
    const cb = path("slow");
    rx.reply = (_r, index) => (index === 0 ? { status: 200, delayMs: 800 } : 200);
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);
    await waitFor(() => rx.at(cb).length === 2, { what: "a second attempt" });
    const [first, second] = rx.at(cb);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(300);
    expect(second?.headers["x-event-id"]).toBe(first?.headers["x-event-id"]);

    const logged = await waitFor(async () => {
      const e = await readEvent(String(first?.headers["x-event-id"]));
      return e.deliveries[0]?.state === "succeeded" ? e : undefined;
    });
    const attempts = logged.deliveries[0]?.attempts ?? [];
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.statusCode).toBeUndefined();
    expect(attempts[0]?.error).toMatch(/timeout/i);
    expect(attempts[0]?.durationMs).toBeGreaterThanOrEqual(250);
    expect(attempts[1]?.statusCode).toBe(200);
  });

  it("give up after the last delay, then POST /events/{id}/redeliver sends it again", async () => {
    const cb = path("down");
    rx.reply = () => 503;
    const p = await newReference({ callbackUrl: rx.url(cb) });
    expect((await pay(payBody(p))).status).toBe(200);
    // One attempt plus one per delay of "50,50,50".
    await waitFor(() => rx.at(cb).length === 4, { what: "four attempts" });
    const eventId = String(rx.at(cb)[0]?.headers["x-event-id"]);
    const failed = await waitFor(async () => {
      const e = await readEvent(eventId);
      return e.deliveries[0]?.state === "failed" ? e : undefined;
    });
    expect(failed.deliveries[0]?.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 503]);
    expect(failed.deliveries[0]?.nextAttemptAt).toBeUndefined();
    await settle();
    expect(rx.at(cb)).toHaveLength(4);

    rx.reply = () => 200;
    const res = await svc.api("POST", `/events/${eventId}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data.id).toBe(eventId);
    await waitFor(() => rx.at(cb).length === 5);
    expect(rx.at(cb)[4]?.headers["x-event-id"]).toBe(eventId);
    expect(rx.at(cb)[4]?.body).toBe(rx.at(cb)[0]?.body);
    const after = await waitFor(async () => {
      const e = await readEvent(eventId);
      return e.deliveries[0]?.state === "succeeded" ? e : undefined;
    });
    expect(after.deliveries[0]?.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 503, 200]);
  });

  it("honour a redeliver asked for while the delivery is in flight", async () => {
    const cb = path("inflight-redeliver");
    // The first answer waits until the redeliver has been accepted, so the redeliver always lands while
    // that attempt is in flight; the service's timeout is far longer than that wait can take.
    let answerFirst = () => {};
    const held = new Promise<void>((resolve) => (answerFirst = resolve));
    rx.reply = (_r, index) => (index === 0 ? { status: 200, until: held } : 200);
    const patient = await startTestService({ NOTIFY_TIMEOUT_MS: "600000", NOTIFY_POLL_MS: "200" });
    try {
      const created = await patient.api(
        "POST",
        "/payments/references",
        referenceBody({ callbackUrl: rx.url(cb) }),
      );
      expect(created.status).toBe(201);
      const paid = await patient.api("POST", "/sandbox/multibanco/payments", payBody(created.body.data));
      expect(paid.status).toBe(200);
      await waitFor(() => rx.at(cb).length === 1, { what: "the first attempt", timeoutMs: 15_000 });
      const eventId = String(rx.at(cb)[0]?.headers["x-event-id"]);
      const redeliver = await patient.api("POST", `/events/${eventId}/redeliver`);
      expect(redeliver.status).toBe(202);
      // Asked while the first attempt waits for its answer: nothing is recorded yet.
      expect(redeliver.body.data.deliveries[0].attempts).toEqual([]);
      answerFirst();

      await waitFor(() => rx.at(cb).length === 2, { what: "the redelivery", timeoutMs: 15_000 });
      expect(rx.at(cb)[1]?.headers["x-event-id"]).toBe(eventId);
      const logged = await waitFor(
        async () => {
          const res = await patient.api("GET", `/events/${eventId}`);
          const e = envelope(eventWithDeliveries).parse(res.body).data;
          return e.deliveries[0]?.state === "succeeded" && e.deliveries[0].attempts.length === 2
            ? e
            : undefined;
        },
        { what: "both attempts logged", timeoutMs: 15_000 },
      );
      expect(logged.deliveries[0]?.attempts.map((a) => a.statusCode)).toEqual([200, 200]);
      await settle();
      expect(rx.at(cb)).toHaveLength(2);
    } finally {
      answerFirst();
      await patient.cleanup();
    }
  }, 60_000);

  it("does not hammer the database while a slow delivery is in flight", async () => {
    const cb = path("slow-inflight");
    rx.reply = () => ({ status: 200, delayMs: 250 });
    const slow = await startTestService({ NOTIFY_TIMEOUT_MS: "2000", NOTIFY_POLL_MS: "200" });
    try {
      const res = await slow.api("POST", "/payments/references", referenceBody({ callbackUrl: rx.url(cb) }));
      rx.reply = () => ({ status: 200, delayMs: 700 });
      expect((await slow.api("POST", "/sandbox/multibanco/payments", payBody(res.body.data))).status).toBe(
        200,
      );
      await waitFor(() => rx.at(cb).length === 1);
      const spy = vi.spyOn(slow.ctx.db, "selectFrom");
      await sleep(400);
      const queries = spy.mock.calls.length;
      spy.mockRestore();
      // A few polls at most (NOTIFY_POLL_MS = 200), not a busy loop.
      expect(queries).toBeLessThan(30);
    } finally {
      await slow.cleanup();
    }
  });

  it("does not hammer the database while every sending slot is busy and more deliveries are due", async () => {
    const cb = path("saturated");
    const busy = await startTestService(
      { NOTIFY_TIMEOUT_MS: "2000", NOTIFY_POLL_MS: "200" },
      { workers: false },
    );
    const payments = [];
    for (let i = 0; i < 12; i++) {
      const res = await busy.api("POST", "/payments/references", referenceBody({ callbackUrl: rx.url(cb) }));
      payments.push(res.body.data);
      expect((await busy.api("POST", "/sandbox/multibanco/payments", payBody(res.body.data))).status).toBe(
        200,
      );
    }
    await busy.stop();
    // 12 due deliveries of one merchant, 4 sending slots for it (NOTIFY_CONCURRENCY_PER_MERCHANT), a
    // receiver that holds each request for 0.7 s.
    rx.reply = () => ({ status: 200, delayMs: 700 });
    const svc2 = await startTestService(
      { NOTIFY_TIMEOUT_MS: "2000", NOTIFY_POLL_MS: "200" },
      { dir: busy.dir },
    );
    try {
      await waitFor(() => rx.at(cb).length === 8);
      const spy = vi.spyOn(svc2.ctx.db, "selectFrom");
      await sleep(350);
      const queries = spy.mock.calls.length;
      spy.mockRestore();
      expect(queries).toBeLessThan(30);
      await waitFor(() => rx.at(cb).length === 12, { timeoutMs: 5000 });
      expect(new Set(rx.at(cb).map((r) => r.headers["x-event-id"])).size).toBe(12);
    } finally {
      await svc2.cleanup();
    }
  });
});
