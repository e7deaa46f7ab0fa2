import { readdirSync } from "node:fs";
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedCheckoutBody, sleep, startTestService, type TestService, waitFor } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
});
afterAll(() => svc.cleanup());

interface OpenStream {
  status: number;
  retryAfter: string | undefined;
  res: IncomingMessage;
  req: ClientRequest;
  ended: Promise<void>;
}

/** Opens `GET /frame-api/checkouts/<id>/events` from `localAddress` and resolves with its head. */
function openStream(id: string, localAddress = "127.0.0.1"): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${svc.baseUrl}/frame-api/checkouts/${id}/events`,
      { localAddress, agent: false },
      (res) => {
        const ended = new Promise<void>((done) => res.on("end", done).on("close", done));
        res.resume();
        const retryAfter = res.headers["retry-after"];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
          res,
          req,
          ended,
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const closeAll = (streams: OpenStream[]) => streams.forEach((s) => s.req.destroy());
const openFds = () => readdirSync("/proc/self/fd").length;

async function newCheckout(): Promise<string> {
  return (await svc.api("POST", "/checkouts", embedCheckoutBody())).body.data.id as string;
}

describe("event streams of the frame API", () => {
  it("are at most 5 at once per checkout; the 6th answers 429 with Retry-After, and a closed one makes room", async () => {
    const id = await newCheckout();
    const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(id)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openStream(id, "127.0.0.9");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
    streams[0]?.req.destroy();
    await waitFor(async () => {
      const next = await openStream(id);
      if (next.status === 200) next.req.destroy();
      return next.status === 200;
    });
    closeAll(streams);
  });

  it("are at most 100 at once per client address; another address is unaffected; descriptors return after", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push(await newCheckout());
    const before = openFds();
    const streams: OpenStream[] = [];
    for (const id of ids.slice(0, 20)) {
      streams.push(...(await Promise.all(Array.from({ length: 5 }, () => openStream(id, "127.0.0.2")))));
    }
    expect(streams.filter((s) => s.status === 200)).toHaveLength(100);
    const extra = await openStream(ids[20] as string, "127.0.0.2");
    expect(extra.status).toBe(429);
    const other = await openStream(ids[20] as string, "127.0.0.3");
    expect(other.status).toBe(200);
    streams.push(other);
    expect(openFds()).toBeGreaterThan(before + 100);

    closeAll(streams);
    await waitFor(() => openFds() <= before + 5, {
      what: "file descriptors back to their level",
      timeoutMs: 5000,
    });
    // And the slots are free again.
    const again = await openStream(ids[0] as string, "127.0.0.2");
    expect(again.status).toBe(200);
    again.req.destroy();
  });

  it("ends when its checkout reaches a final state", async () => {
    const id = await newCheckout();
    const stream = await openStream(id);
    expect(stream.status).toBe(200);
    const paid = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/card-payments`,
      { holder: "A", number: "4242424242424242", expiryMonth: "12", expiryYear: "2031", cvc: "123" },
      { key: null },
    );
    expect(paid.status).toBe(200);
    await Promise.race([
      stream.ended,
      sleep(3000).then(() => Promise.reject(new Error("stream still open"))),
    ]);
  });
});
