import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, eventWithDeliveries } from "../contract";
import { createMerchant } from "../src/operations/merchants";
import { sweepExpiredReferences } from "../src/operations/payments";
import {
  type Receiver,
  referenceBody,
  startReceiver,
  endingSoon,
  sleepPast,
  startTestService,
  type TestService,
  waitFor,
} from "./helpers";
import { freePort } from "./process";

let svc: TestService;
let rx: Receiver;
let other: { apiKey: string };
beforeAll(async () => {
  // Long retry delays: a failed delivery stays pending with its next attempt in the future.
  svc = await startTestService({ NOTIFY_RETRY_DELAYS: "60000", EXPIRY_SWEEP_MS: "600000" });
  rx = await startReceiver();
  other = await createMerchant(svc.ctx.db, "Other");
});
afterAll(async () => {
  await rx.close();
  await svc.cleanup();
});

async function confirmed(callbackUrl?: string): Promise<string> {
  const created = await svc.api(
    "POST",
    "/payments/references",
    referenceBody(callbackUrl ? { callbackUrl } : {}),
  );
  const { id, referenceDetails, amount } = created.body.data;
  expect(
    (await svc.api("POST", "/sandbox/multibanco/payments", { ...referenceDetails, amount })).status,
  ).toBe(200);
  return id;
}

async function expired(): Promise<string> {
  const created = await svc.api("POST", "/payments/references", referenceBody({ validDate: endingSoon() }));
  const id = created.body.data.id;
  await sleepPast();
  expect((await svc.api("GET", `/payments/${id}`)).body.data.stateDetails.state).toBe("expired");
  expect(await sweepExpiredReferences(svc.ctx)).toBe(1); // the sweep records it; the read did not
  return id;
}

async function list(query: string, key?: string) {
  const res = await svc.api("GET", `/events${query}`, undefined, key ? { key } : {});
  expect(res.status).toBe(200);
  return envelope(eventWithDeliveries.array()).parse(res.body).data;
}

describe("GET /events", () => {
  const made: { paymentId: string; type: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      made.push({ paymentId: await confirmed(), type: "payment.confirmed" });
      made.push({ paymentId: await expired(), type: "payment.expired" });
    }
  });

  it("lists newest first, with the data of each event", async () => {
    const events = await list("?limit=100");
    const mine = events.filter((e) => made.some((m) => (e.data as { id: string }).id === m.paymentId));
    expect(mine.map((e) => (e.data as { id: string }).id)).toEqual(made.map((m) => m.paymentId).reverse());
    expect(mine.map((e) => e.type)).toEqual(made.map((m) => m.type).reverse());
    for (let i = 1; i < events.length; i++) {
      expect(Date.parse(events[i - 1]?.createdAt ?? "")).toBeGreaterThanOrEqual(
        Date.parse(events[i]?.createdAt ?? ""),
      );
    }
  });

  it("filters by paymentId and by type", async () => {
    const target = made[2] as { paymentId: string };
    const byPayment = await list(`?paymentId=${target.paymentId}`);
    expect(byPayment).toHaveLength(1);
    expect((byPayment[0]?.data as { id: string } | undefined)?.id).toBe(target.paymentId);

    const byType = await list("?type=payment.expired&limit=100");
    expect(byType.length).toBeGreaterThanOrEqual(3);
    expect(new Set(byType.map((e) => e.type))).toEqual(new Set(["payment.expired"]));
    expect(await list(`?paymentId=${target.paymentId}&type=payment.expired`)).toHaveLength(0);
    expect(await list("?paymentId=pay_nothing")).toEqual([]);
  });

  it("pages with limit and startingAfter, without gaps or overlaps", async () => {
    const all = await list("?limit=100");
    const paged: string[] = [];
    let cursor = "";
    for (;;) {
      const page = await list(`?limit=2${cursor ? `&startingAfter=${cursor}` : ""}`);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page.map((e) => e.id));
      cursor = page.at(-1)?.id ?? "";
    }
    expect(paged).toEqual(all.map((e) => e.id));
    const filtered = await list("?type=payment.confirmed&limit=1");
    const next = await list(`?type=payment.confirmed&limit=1&startingAfter=${filtered[0]?.id}`);
    expect(next[0]?.type).toBe("payment.confirmed");
    expect(next[0]?.id).not.toBe(filtered[0]?.id);
  });

  it("refuses bad queries with 400 naming the parameter", async () => {
    for (const [query, path] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?type=payment.nope", "type"],
      ["?startingAfter=evt_AAAAAAAAAAAAAAAAAAAA", "startingAfter"],
      ["?color=red", "color"],
    ] as const) {
      const res = await svc.api("GET", `/events${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it("shows a merchant only its own events", async () => {
    expect(await list("", other.apiKey)).toEqual([]);
    const mine = (await list("?limit=1"))[0]?.id ?? "";
    const asOther = await svc.api("GET", `/events?startingAfter=${mine}`, undefined, { key: other.apiKey });
    expect(asOther.status).toBe(400);
    expect((await svc.api("GET", `/events/${mine}`, undefined, { key: other.apiKey })).status).toBe(404);
    expect(
      (await svc.api("POST", `/events/${mine}/redeliver`, undefined, { key: other.apiKey })).status,
    ).toBe(404);
  });
});

describe("GET /events/{id} and POST /events/{id}/redeliver", () => {
  it("show every attempt with its status code or error, and the next attempt while pending", async () => {
    rx.reply = () => 500;
    const refused = `http://127.0.0.1:${await freePort()}/gone`;
    const hook = (await svc.api("POST", "/webhooks", { url: refused })).body.data;
    const paymentId = await confirmed(rx.url("/log"));
    const [listed] = await list(`?paymentId=${paymentId}`);
    const id = listed?.id ?? "";

    const event = await waitFor(async () => {
      const res = await svc.api("GET", `/events/${id}`);
      const e = envelope(eventWithDeliveries).parse(res.body).data;
      return e.deliveries.every((d) => d.attempts.length === 1) ? e : undefined;
    });
    expect(event.type).toBe("payment.confirmed");
    expect(event.data).toEqual((await svc.api("GET", `/payments/${paymentId}`)).body.data);
    const callback = event.deliveries.find((d) => d.target === "callback");
    const webhook = event.deliveries.find((d) => d.target === "webhook");
    expect(callback).toMatchObject({ url: rx.url("/log"), state: "pending" });
    expect(callback?.attempts[0]?.statusCode).toBe(500);
    expect(callback?.attempts[0]?.error).toBeUndefined();
    expect(webhook).toMatchObject({ url: refused, webhookId: hook.id, state: "pending" });
    expect(webhook?.attempts[0]?.statusCode).toBeUndefined();
    expect(webhook?.attempts[0]?.error).toMatch(/ECONNREFUSED|fetch failed/);
    for (const d of [callback, webhook]) {
      const next = Date.parse(d?.nextAttemptAt ?? "");
      // 60 s after the attempt, ±10 % jitter.
      expect(next - Date.now()).toBeGreaterThan(50_000);
      expect(next - Date.now()).toBeLessThan(67_000);
      expect(Date.parse(d?.attempts[0]?.at ?? "")).toBeLessThanOrEqual(Date.now());
    }

    // Redeliver sends now, without waiting for the scheduled retry, with the same event.
    rx.reply = () => 200;
    const res = await svc.api("POST", `/events/${id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data.id).toBe(id);
    await waitFor(() => rx.at("/log").length === 2);
    expect(rx.at("/log")[1]?.headers["x-event-id"]).toBe(id);
    const after = await waitFor(async () => {
      const e = envelope(eventWithDeliveries).parse((await svc.api("GET", `/events/${id}`)).body).data;
      return e.deliveries.find((d) => d.target === "callback")?.state === "succeeded" ? e : undefined;
    });
    const done = after.deliveries.find((d) => d.target === "callback");
    expect(done?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(done?.nextAttemptAt).toBeUndefined();
    await svc.api("DELETE", `/webhooks/${hook.id}`);
  });

  it("answers 404 for an unknown event, 400 for a malformed id, 409 for an event with no targets", async () => {
    expect((await svc.api("GET", "/events/evt_AAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await svc.api("POST", "/events/evt_AAAAAAAAAAAAAAAAAAAA/redeliver")).status).toBe(404);
    const bad = await svc.api("GET", "/events/nope");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("id");
    const paymentId = await confirmed();
    const [event] = await list(`?paymentId=${paymentId}`);
    expect(event?.deliveries).toEqual([]);
    const res = await svc.api("POST", `/events/${event?.id}/redeliver`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("no_deliveries");
  });
});
