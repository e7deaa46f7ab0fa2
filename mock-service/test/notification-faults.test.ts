import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceBody, startTestService, type TestService, waitFor } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    NOTIFY_RETRY_DELAYS: "50,50,50,50",
    NOTIFY_TIMEOUT_MS: "300",
    NOTIFY_POLL_MS: "20",
  });
});
afterAll(() => svc.cleanup());

/** A receiver whose first answers misbehave in the given ways, then answers 200. */
async function misbehavingReceiver(faults: ("close-mid-response" | "slow" | "500")[]) {
  const eventIds: string[] = [];
  let index = 0;
  const server: Server = createServer((req, res) => {
    const fault = faults[index++];
    eventIds.push(String(req.headers["x-event-id"]));
    req.resume();
    if (fault === "close-mid-response") {
      // Headers and half a body, then the connection drops.
      res.writeHead(200, { "content-length": "100" });
      res.write("partial");
      setTimeout(() => res.socket?.destroy(), 5);
    } else if (fault === "slow") {
      setTimeout(() => res.writeHead(200).end("late"), 1000);
    } else if (fault === "500") {
      res.writeHead(500).end();
    } else {
      res.writeHead(200).end("ok");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, eventIds, close: () => server.close() };
}

async function payReference(callbackUrl: string) {
  const ref = await svc.api("POST", "/payments/references", referenceBody({ callbackUrl }));
  const { entity, reference } = ref.body.data.referenceDetails;
  await svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount: 1500 });
  return ref.body.data.id as string;
}

describe("receivers that misbehave", () => {
  it("closing mid-response, slow past the timeout, and 500 are all retried until the event arrives", async () => {
    const receiver = await misbehavingReceiver(["close-mid-response", "slow", "500"]);
    try {
      const paymentId = await payReference(receiver.url);
      const events = await waitFor(async () => {
        const res = await svc.api("GET", `/events?paymentId=${paymentId}`);
        const delivery = res.body.data[0]?.deliveries[0];
        return delivery?.state === "succeeded" ? res.body.data : undefined;
      });
      const attempts = events[0].deliveries[0].attempts;
      expect(attempts).toHaveLength(4);
      expect(attempts[0].error ?? attempts[0].statusCode).toBeDefined();
      expect(attempts[1].error).toMatch(/timeout/);
      expect(attempts[2].statusCode).toBe(500);
      expect(attempts[3].statusCode).toBe(200);
      expect(new Set(receiver.eventIds)).toEqual(new Set([events[0].id]));
    } finally {
      receiver.close();
    }
  });

  it("the service keeps answering quickly while receivers hang", async () => {
    const receiver = await misbehavingReceiver(["slow", "slow", "slow", "slow"]);
    try {
      for (let i = 0; i < 5; i++) await payReference(receiver.url);
      const started = Date.now();
      for (let i = 0; i < 20; i++) expect((await svc.api("GET", "/customers?limit=1")).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      receiver.close();
    }
  });
});
