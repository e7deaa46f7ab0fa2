import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventWithDeliveries } from "../contract";
import { verifySignature } from "../contract/verify-signature";
import {
  referenceBody,
  SANDBOX_KEY,
  sleep,
  startReceiver,
  startTestService,
  type TestService,
  waitFor,
} from "./helpers";
import { freePort, spawnService } from "./process";

const DELAYS = { NOTIFY_RETRY_DELAYS: "100,100,100,100,100,100,100,100,100,100", NOTIFY_POLL_MS: "100" };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-delivery-"));
  dirs.push(dir);
  return dir;
}

async function payNewReference(svc: Pick<TestService, "api">, callbackUrl: string): Promise<string> {
  const created = await svc.api("POST", "/payments/references", referenceBody({ callbackUrl }));
  expect(created.status).toBe(201);
  const { referenceDetails, amount, id } = created.body.data;
  const paid = await svc.api("POST", "/sandbox/multibanco/payments", { ...referenceDetails, amount });
  expect(paid.status).toBe(200);
  return id;
}

async function eventOf(svc: Pick<TestService, "api">, paymentId: string) {
  const res = await svc.api("GET", `/events?paymentId=${paymentId}`);
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return eventWithDeliveries.parse(res.body.data[0]);
}

describe("a delivery pending when the service stops", () => {
  it("is delivered after a restart, once, with the same event (receiver down before)", async () => {
    const dir = tempDir();
    const rx = await startReceiver({ port: await freePort(), listening: false });
    const first = await startTestService(DELAYS, { dir });
    const paymentId = await payNewReference(first, rx.url("/cb"));
    const before = await waitFor(async () => {
      const e = await eventOf(first, paymentId);
      const d = e.deliveries[0];
      return d && d.state === "pending" && d.attempts.length > 0 && d.nextAttemptAt ? e : undefined;
    });
    expect(before.deliveries[0]?.attempts[0]?.error).toMatch(/ECONNREFUSED|fetch failed/);
    expect(before.deliveries[0]?.attempts[0]?.statusCode).toBeUndefined();
    await first.stop();

    const second = await startTestService(DELAYS, { dir });
    try {
      await rx.listen();
      await waitFor(() => rx.requests.length === 1, { what: "the delivery after restart" });
      await sleep(300);
      expect(rx.requests).toHaveLength(1);
      const [request] = rx.requests;
      expect(request?.headers["x-event-id"]).toBe(before.id);
      expect(
        verifySignature(request?.body ?? "", request?.headers["x-signature"] as string, "whsec_sandbox"),
      ).toBe(true);
      expect(JSON.parse(request?.body ?? "{}").data).toEqual(before.data);
      const after = await waitFor(async () => {
        const e = await eventOf(second, paymentId);
        return e.deliveries[0]?.state === "succeeded" ? e : undefined;
      });
      expect(after.deliveries[0]?.attempts.at(-1)?.statusCode).toBe(200);
    } finally {
      await second.stop();
      await rx.close();
    }
  });

  it("is delivered by the next start when the first never ran its notifier", async () => {
    const dir = tempDir();
    const rx = await startReceiver();
    const first = await startTestService(DELAYS, { dir, workers: false });
    const paymentId = await payNewReference(first, rx.url("/cb"));
    const pending = await eventOf(first, paymentId);
    expect(pending.deliveries[0]?.state).toBe("pending");
    expect(pending.deliveries[0]?.attempts).toEqual([]);
    expect(pending.deliveries[0]?.nextAttemptAt).toBeDefined();
    await first.stop();
    expect(rx.requests).toHaveLength(0);

    const second = await startTestService(DELAYS, { dir });
    try {
      await waitFor(() => rx.requests.length === 1);
      expect(rx.requests[0]?.headers["x-event-id"]).toBe(pending.id);
    } finally {
      await second.stop();
      await rx.close();
    }
  });

  it("survives kill -9 in the middle of a delivery: the next process sends the same event", async () => {
    const dir = tempDir();
    const env = { ...DELAYS, DATABASE_URL: `file:${join(dir, "sandbox.db")}`, NOTIFY_TIMEOUT_MS: "5000" };
    const rx = await startReceiver();
    // The first request hangs: the process dies while the delivery is in flight.
    rx.reply = (_r, index) => (index === 0 ? { status: 200, delayMs: 3000 } : 200);
    const first = await spawnService(env, await freePort());
    const api = (base: string) => ({
      api: async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${SANDBOX_KEY}`, "content-type": "application/json" },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        return { status: res.status, headers: res.headers, body: await res.json() };
      },
    });
    let second: Awaited<ReturnType<typeof spawnService>> | undefined;
    try {
      const paymentId = await payNewReference(api(first.baseUrl), rx.url("/cb"));
      await waitFor(() => rx.requests.length === 1, { what: "the first attempt" });
      first.child.kill("SIGKILL");
      await new Promise((r) => first.child.once("exit", r));

      second = await spawnService(env, await freePort());
      await waitFor(() => rx.requests.length === 2, { what: "the delivery after kill -9", timeoutMs: 8000 });
      const [lost, resent] = rx.requests;
      expect(resent?.headers["x-event-id"]).toBe(lost?.headers["x-event-id"]);
      expect(resent?.body).toBe(lost?.body);
      expect(
        verifySignature(resent?.body ?? "", resent?.headers["x-signature"] as string, "whsec_sandbox"),
      ).toBe(true);
      const event = await waitFor(async () => {
        const e = await eventOf(api(second?.baseUrl ?? ""), paymentId);
        return e.deliveries[0]?.state === "succeeded" ? e : undefined;
      });
      expect(event.id).toBe(lost?.headers["x-event-id"]);
      await sleep(300);
      expect(rx.requests).toHaveLength(2);
    } finally {
      if (first.child.exitCode === null) first.child.kill("SIGKILL");
      second?.child.kill("SIGKILL");
      await rx.close();
    }
  });
});
