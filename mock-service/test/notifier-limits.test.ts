import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import {
  referenceBody,
  startReceiver,
  startTestService,
  type Receiver,
  type TestService,
  waitFor,
} from "./helpers";

let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await svc.cleanup();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Creates a reference (with `callbackUrl` if given) for the key's merchant and pays it: one event. */
async function paidReference(
  key: string | undefined,
  callbackUrl?: string,
): Promise<{ id: string; paidAt: number }> {
  const created = await svc.api(
    "POST",
    "/payments/references",
    referenceBody(callbackUrl ? { callbackUrl } : {}),
    {
      key,
    },
  );
  expect(created.status).toBe(201);
  const { entity, reference } = created.body.data.referenceDetails;
  const paid = await svc.api(
    "POST",
    "/sandbox/multibanco/payments",
    { entity, reference, amount: created.body.data.amount },
    { key },
  );
  expect(paid.status).toBe(200);
  return { id: created.body.data.id as string, paidAt: Date.now() };
}

describe("a receiver's answer", () => {
  it("is read up to 64 KB: a 50 MB answer grows the service's memory by less than 32 MB, and the attempt is recorded", async () => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const streaming = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const write = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", write);
          }
          res.end();
        };
        write();
      });
    });
    const url = await listen(streaming);
    try {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const { id } = await paidReference(undefined, `${url}/big`);
      const event = await waitFor(
        async () => {
          const events = await svc.api("GET", `/events?paymentId=${id}`);
          const found = events.body.data[0];
          return found?.deliveries[0]?.attempts.length ? found : undefined;
        },
        { what: "the attempt", timeoutMs: 10_000 },
      );
      clearInterval(sampler);
      const growthMb = (peak - before) / 1024 / 1024;
      console.log(
        `RSS grew ${growthMb.toFixed(1)} MB while a receiver streamed ${(sent / 1024 / 1024).toFixed(1)} MB`,
      );
      expect(growthMb).toBeLessThan(32);
      expect(event.deliveries[0].state).toBe("succeeded");
      expect(event.deliveries[0].attempts[0].statusCode).toBe(200);
      expect(sent).toBeLessThan(50 * 1024 * 1024);
    } finally {
      await close(streaming);
    }
  });
});

describe("webhook endpoints per merchant", () => {
  it("are at most 16: the 17th answers 400 webhook_limit_reached, and removing one makes room", async () => {
    const merchant = await createMerchant(svc.ctx.db, "Many hooks");
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await svc.api(
        "POST",
        "/webhooks",
        { url: `https://shop.example/hook/${i}` },
        { key: merchant.apiKey },
      );
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const extra = await svc.api(
      "POST",
      "/webhooks",
      { url: "https://shop.example/hook/16" },
      { key: merchant.apiKey },
    );
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe("webhook_limit_reached");
    expect((await svc.api("DELETE", `/webhooks/${ids[0]}`, undefined, { key: merchant.apiKey })).status).toBe(
      200,
    );
    const again = await svc.api(
      "POST",
      "/webhooks",
      { url: "https://shop.example/hook/16" },
      { key: merchant.apiKey },
    );
    expect(again.status).toBe(201);
  });
});

describe("delivery across merchants", () => {
  it("starts B's first delivery within 1 s of its event while A's 16 endpoints never answer", async () => {
    const held: import("node:http").ServerResponse[] = [];
    const dead = createServer((_req, res) => held.push(res)); // accepts and never answers
    const deadUrl = await listen(dead);
    try {
      const a = await createMerchant(svc.ctx.db, "Merchant A");
      for (let i = 0; i < 16; i++) {
        const res = await svc.api("POST", "/webhooks", { url: `${deadUrl}/a/${i}` }, { key: a.apiKey });
        expect(res.status).toBe(201);
      }
      await paidReference(a.apiKey);
      await waitFor(() => held.length >= 4, { what: "A's deliveries in flight" });

      const path = "/b/first";
      const { paidAt } = await paidReference(undefined, rx.url(path));
      const arrived = await waitFor(() => rx.at(path)[0], { what: "B's delivery", timeoutMs: 15_000 });
      const delayMs = arrived.at - paidAt;
      console.log(
        `B's first delivery arrived ${delayMs} ms after its event (A: ${held.length} requests held)`,
      );
      expect(delayMs).toBeLessThan(1000);
    } finally {
      await close(dead);
    }
  });
});
