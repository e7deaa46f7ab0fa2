import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceBody, startTestService, type TestService, waitFor } from "./helpers";

// The timeout is far above what an answer takes even on a loaded machine, so that only the receiver
// that never answers times out; a shorter one would also cut prompt answers delayed by the load.
const TIMEOUT_MS = 2000;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    NOTIFY_RETRY_DELAYS: "50,50,50,50",
    NOTIFY_TIMEOUT_MS: String(TIMEOUT_MS),
    NOTIFY_POLL_MS: "20",
  });
});
afterAll(() => svc.cleanup());

/**
 * A receiver whose first answers misbehave in the given ways, then answers 200. `hang` never answers:
 * the request stays open until the notifier gives up on it or the receiver closes.
 */
async function misbehavingReceiver(faults: ("close-mid-response" | "hang" | "500")[]) {
  const eventIds: string[] = [];
  /** The numbers (from 0) of the requests still waiting for an answer that will not come (`hang`). */
  const hanging = new Set<number>();
  let index = 0;
  const server: Server = createServer((req, res) => {
    const number = index++;
    const fault = faults[number];
    eventIds.push(String(req.headers["x-event-id"]));
    req.resume();
    if (fault === "close-mid-response") {
      // Headers and half a body, then the connection drops.
      res.writeHead(200, { "content-length": "100" });
      res.write("partial");
      setTimeout(() => res.socket?.destroy(), 5);
    } else if (fault === "hang") {
      hanging.add(number);
      res.on("close", () => hanging.delete(number));
    } else if (fault === "500") {
      res.writeHead(500).end();
    } else {
      res.writeHead(200).end("ok");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    eventIds,
    hanging,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function payReference(callbackUrl: string, service = svc) {
  const ref = await service.api("POST", "/payments/references", referenceBody({ callbackUrl }));
  const { entity, reference } = ref.body.data.referenceDetails;
  await service.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount: 1500 });
  return ref.body.data.id as string;
}

describe("receivers that misbehave", () => {
  it("closing mid-response, never answering, and 500 are all retried until the event arrives", async () => {
    const receiver = await misbehavingReceiver(["close-mid-response", "hang", "500"]);
    try {
      const paymentId = await payReference(receiver.url);
      const events = await waitFor(
        async () => {
          const res = await svc.api("GET", `/events?paymentId=${paymentId}`);
          const delivery = res.body.data[0]?.deliveries[0];
          return delivery?.state === "succeeded" ? res.body.data : undefined;
        },
        { what: "the fourth attempt to succeed", timeoutMs: 25_000 },
      );
      const attempts = events[0].deliveries[0].attempts;
      expect(attempts).toHaveLength(4);
      expect(attempts[0].error ?? attempts[0].statusCode).toBeDefined();
      expect(attempts[1].error).toBe(`timeout after ${TIMEOUT_MS} ms`);
      expect(attempts[2].statusCode).toBe(500);
      expect(attempts[3].statusCode).toBe(200);
      expect(new Set(receiver.eventIds)).toEqual(new Set([events[0].id]));
    } finally {
      receiver.close();
    }
  }, 40_000);

  it("the service keeps answering while every sending slot of the merchant waits on a receiver that hangs", async () => {
    // Its own service: a timeout no test run reaches, so the deliveries hang for as long as the test needs.
    const hung = await startTestService({ NOTIFY_TIMEOUT_MS: "600000", NOTIFY_POLL_MS: "20" });
    const receiver = await misbehavingReceiver(["hang", "hang", "hang", "hang", "hang"]);
    try {
      for (let i = 0; i < 5; i++) await payReference(receiver.url, hung);
      const slots = Math.min(5, hung.config.NOTIFY_CONCURRENCY_PER_MERCHANT);
      await waitFor(() => receiver.hanging.size === slots, {
        what: `${slots} deliveries hanging`,
        timeoutMs: 15_000,
      });
      const before = [...receiver.hanging];
      for (let i = 0; i < 20; i++) expect((await hung.api("GET", "/customers?limit=1")).status).toBe(200);
      // Every answer came while the same deliveries still hung: none of them waited for a receiver.
      expect([...receiver.hanging]).toEqual(before);
    } finally {
      receiver.close();
      await hung.cleanup();
    }
  }, 40_000);
});
