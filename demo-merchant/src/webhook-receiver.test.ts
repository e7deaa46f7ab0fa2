import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildShopApp } from "./app";
import { loadDemoConfig } from "./config";
import { type LiveUpdate, LiveUpdates } from "./live-updates";
import { createPaymentsClient } from "./payments-client";
import { ShopRecords } from "./store/records";

const WEBHOOK_SECRET = "whsec_endpoint_secret";
const SIGNING_SECRET = "whsec_merchant_secret";
const PAYMENT_ID = "pay_AAAAAAAAAAAAAAAAAAAA";

function sign(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

function confirmedEvent(id = "evt_BBBBBBBBBBBBBBBBBBBB"): string {
  const now = new Date().toISOString();
  return JSON.stringify({
    id,
    type: "payment.confirmed",
    createdAt: now,
    data: {
      id: PAYMENT_ID,
      type: "payment",
      referenceDetails: { entity: "88402", reference: "123456789" },
      stateDetails: { state: "confirmed", createdAt: now },
      amount: 1250,
      currency: "EUR",
      amountRefunded: 0,
      refunds: [],
      createdAt: now,
      updatedAt: now,
      validDate: { start: now, end: now },
      availableMethods: [{ code: "MB", type: "REALTIME", name: "Multibanco" }],
    },
  });
}

let dir: string;
let app: FastifyInstance;
let records: ShopRecords;
let published: LiveUpdate[];
let webhookSecret: string | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "demo-receiver-"));
  const config = loadDemoConfig({
    DEMO_DATA_DIR: dir,
    DEMO_SIGNING_SECRET: SIGNING_SECRET,
    DEMO_LOG_LEVEL: "silent",
    SERVICE_URL: "http://127.0.0.1:9",
  });
  records = new ShopRecords(dir);
  records.addReference({
    paymentId: PAYMENT_ID,
    amount: 1250,
    entity: "88402",
    reference: "123456789",
    validFrom: new Date().toISOString(),
    validUntil: new Date().toISOString(),
    state: "pending",
    createdAt: new Date().toISOString(),
  });
  const live = new LiveUpdates();
  published = [];
  live.subscribe(PAYMENT_ID, (update) => published.push(update));
  webhookSecret = WEBHOOK_SECRET;
  app = await buildShopApp({
    config,
    client: createPaymentsClient({ baseUrl: config.serviceUrl, apiKey: config.apiKey }),
    records,
    live,
    webhookSecret: () => webhookSecret,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

function deliver(path: string, body: string, signature: string | undefined) {
  return app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/json",
      "x-event-id": "evt_BBBBBBBBBBBBBBBBBBBB",
      ...(signature !== undefined && { "x-signature": signature }),
    },
    payload: body,
  });
}

describe("notification receivers", () => {
  it("accepts a webhook signed with the endpoint's secret and updates the live status", async () => {
    const body = confirmedEvent();
    const response = await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET));
    expect(response.statusCode).toBe(200);
    expect(records.findReference(PAYMENT_ID)?.state).toBe("confirmed");
    expect(published.map((u) => u.state)).toEqual(["confirmed"]);
    expect(records.listNotifications()[0]).toMatchObject({
      endpoint: "webhook",
      type: "payment.confirmed",
      signatureValid: true,
      duplicate: false,
    });
  });

  it("accepts a callback signed with the merchant's signing secret, applying the same event once", async () => {
    const body = confirmedEvent();
    expect((await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await deliver("/webhooks/callback", body, sign(body, SIGNING_SECRET))).statusCode).toBe(200);
    expect(published).toHaveLength(1);
    expect(records.listNotifications()[0]).toMatchObject({ endpoint: "callback", duplicate: true });
  });

  it("rejects a tampered body", async () => {
    const body = confirmedEvent();
    const tampered = body.replace('"amount":1250', '"amount":1');
    const response = await deliver("/webhooks/payments", tampered, sign(body, WEBHOOK_SECRET));
    expect(response.statusCode).toBe(400);
    expect(records.findReference(PAYMENT_ID)?.state).toBe("pending");
    expect(published).toEqual([]);
    expect(records.listRejected().recent[0]).toMatchObject({
      signatureValid: false,
      problem: "bad signature",
    });
    expect(records.listNotifications()).toEqual([]);
  });

  it("rejects the wrong secret, a stale timestamp and a missing signature", async () => {
    const body = confirmedEvent();
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver("/webhooks/callback", body, sign(body, WEBHOOK_SECRET))).statusCode).toBe(400);
    expect((await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET, stale))).statusCode).toBe(
      400,
    );
    expect((await deliver("/webhooks/payments", body, undefined)).statusCode).toBe(400);
    expect(records.listRejected().count).toBe(3);
    expect(records.listNotifications()).toEqual([]);
    expect(records.findReference(PAYMENT_ID)?.state).toBe("pending");
  });

  it("cannot verify webhooks before the endpoint is registered, and says it is not ready", async () => {
    webhookSecret = undefined;
    const body = confirmedEvent();
    expect((await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET))).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(503);
  });

  it("lists every notification with its signature check on the notifications page", async () => {
    const body = confirmedEvent();
    await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET));
    await deliver("/webhooks/payments", body, sign(body, "whsec_someone_else"));
    const page = await app.inject({ method: "GET", url: "/notifications" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("payment.confirmed");
    expect(page.body.match(/badge-confirmed">Valid/g)).toHaveLength(1);
    expect(page.body.match(/badge-declined">Invalid/g)).toHaveLength(1);
    expect(page.body).toContain("1 posts to the receivers were refused");
  });

  it("keeps applying an event once after 500 unsigned posts (they never enter the applied set)", async () => {
    const body = confirmedEvent();
    expect((await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    for (let i = 0; i < 500; i++) {
      const forged = confirmedEvent(`evt_FORGED${String(i).padStart(11, "0")}`);
      expect((await deliver("/webhooks/payments", forged, undefined)).statusCode).toBe(400);
    }
    // The service retries the applied event (its answer was lost): it is recognised, not applied again.
    const retry = await deliver("/webhooks/payments", body, sign(body, WEBHOOK_SECRET));
    expect(retry.statusCode).toBe(200);
    expect(published).toHaveLength(1);
    expect(records.listNotifications()[0]).toMatchObject({ duplicate: true });
    // Refused posts are counted, and only the latest 100 kept.
    expect(records.listRejected().count).toBe(500);
    expect(records.listRejected().recent).toHaveLength(100);
  });

  it("forgets applied event ids only after the retention, which is at least the signature tolerance", () => {
    const shortMemory = new ShopRecords(join(dir, "short"), 300_000);
    const start = Date.now();
    shortMemory.markEventApplied("evt_old", start);
    shortMemory.markEventApplied("evt_new", start + 299_000);
    expect(shortMemory.hasAppliedEvent("evt_old")).toBe(true);
    shortMemory.markEventApplied("evt_newer", start + 300_001);
    expect(shortMemory.hasAppliedEvent("evt_old")).toBe(false);
    expect(shortMemory.hasAppliedEvent("evt_new")).toBe(true);
    expect(() => loadDemoConfig({ DEMO_APPLIED_EVENT_RETENTION_S: "299" })).toThrow(
      /DEMO_APPLIED_EVENT_RETENTION_S/,
    );
  });
});
