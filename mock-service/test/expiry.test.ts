import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event as eventSchema } from "../contract";
import { verifySignature } from "../contract/verify-signature";
import { sweepExpiredCheckouts } from "../src/operations/checkouts";
import { sweepExpiredReferences } from "../src/operations/payments";
import {
  embedCheckoutBody,
  type Receiver,
  referenceBody,
  sleep,
  startReceiver,
  startTestService,
  type TestService,
  waitFor,
} from "./helpers";

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

async function eventsOf(svc: TestService, paymentId: string) {
  return (await svc.api("GET", `/events?paymentId=${paymentId}`)).body.data as { id: string; type: string }[];
}

describe("expiry of a reference past validDate.end", () => {
  let svc: TestService;
  beforeAll(async () => {
    // A sweep too slow to matter: the tests run it themselves.
    svc = await startTestService({ EXPIRY_SWEEP_MS: "600000" });
  });
  afterAll(() => svc.cleanup());

  it("reads expired on GET as soon as validDate.end has passed; the sweep, not the read, records it once", async () => {
    const created = await svc.api(
      "POST",
      "/payments/references",
      // A second of validity: the first read must land before the end even on a busy machine.
      referenceBody({ callbackUrl: rx.url("/read"), validDate: { start: iso(-60_000), end: iso(1000) } }),
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await svc.api("GET", `/payments/${id}`)).body.data.stateDetails.state).toBe("pending");
    await sleep(1050);
    const reads = await Promise.all(Array.from({ length: 10 }, () => svc.api("GET", `/payments/${id}`)));
    for (const read of reads) expect(read.body.data.stateDetails.state).toBe("expired");
    expect(reads[0]?.body.data.stateDetails.createdAt).toBeUndefined();
    for (const read of reads) expect(read.body.data).toEqual(reads[0]?.body.data);
    expect(await eventsOf(svc, id)).toEqual([]); // reads write nothing

    expect(await sweepExpiredReferences(svc.ctx)).toBe(1);
    expect(await sweepExpiredReferences(svc.ctx)).toBe(0);
    expect((await eventsOf(svc, id)).map((e) => e.type)).toEqual(["payment.expired"]);
    await waitFor(() => rx.at("/read").length === 1);
    // What the sweep recorded and sent is what the reads showed before it.
    expect(JSON.parse(rx.at("/read")[0]?.body ?? "{}").data).toEqual(reads[0]?.body.data);
    expect((await svc.api("GET", `/payments/${id}`)).body.data).toEqual(reads[0]?.body.data);
  });

  it("a checkout past its lifetime reads Expired, with its payment, before the sweep records it", async () => {
    const short = await startTestService({ EXPIRY_SWEEP_MS: "600000", CHECKOUT_TTL_MS: "1000" });
    try {
      const created = await short.api("POST", "/checkouts", embedCheckoutBody());
      const { id, paymentId } = created.body.data;
      await sleep(1050);
      const status = await short.api("GET", `/checkouts/${id}`);
      expect(status.body.data.stateDetails.state).toBe("Expired");
      const frame = await short.api("GET", `/frame-api/checkouts/${id}`, undefined, { key: null });
      expect(frame.body.data.state).toBe("Expired");
      const payment = await short.api("GET", `/payments/${paymentId}`);
      expect(payment.body.data.stateDetails.state).toBe("expired");
      expect(await eventsOf(short, paymentId)).toEqual([]); // reads write nothing

      expect(await sweepExpiredCheckouts(short.ctx)).toBe(1);
      const events = await eventsOf(short, paymentId);
      expect(events.map((e) => e.type)).toEqual(["checkout.failed"]);
      const recorded = (await short.api("GET", `/events/${events[0]?.id}`)).body.data.data;
      expect(recorded).toEqual(status.body.data);
      expect((await short.api("GET", `/checkouts/${id}`)).body.data).toEqual(status.body.data);
      expect((await short.api("GET", `/payments/${paymentId}`)).body.data).toEqual(payment.body.data);
    } finally {
      await short.cleanup();
    }
  });

  it("does not expire a confirmed reference", async () => {
    const created = await svc.api(
      "POST",
      "/payments/references",
      referenceBody({ validDate: { start: iso(-60_000), end: iso(300) } }),
    );
    const { id, referenceDetails, amount } = created.body.data;
    expect(
      (await svc.api("POST", "/sandbox/multibanco/payments", { ...referenceDetails, amount })).status,
    ).toBe(200);
    await sleep(350);
    expect((await svc.api("GET", `/payments/${id}`)).body.data.stateDetails.state).toBe("confirmed");
    expect((await eventsOf(svc, id)).map((e) => e.type)).toEqual(["payment.confirmed"]);
  });
});

describe("the expiry sweep", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ EXPIRY_SWEEP_MS: "50", NOTIFY_RETRY_DELAYS: "50,50" });
  });
  afterAll(() => svc.cleanup());

  it("records the expiry without any read and sends payment.expired to the callbackUrl and webhooks", async () => {
    const hook = (
      await svc.api("POST", "/webhooks", { url: rx.url("/sweep-hook"), events: ["payment.expired"] })
    ).body.data;
    const created = await svc.api(
      "POST",
      "/payments/references",
      referenceBody({ callbackUrl: rx.url("/sweep"), validDate: { start: iso(-60_000), end: iso(200) } }),
    );
    const id = created.body.data.id;
    await waitFor(() => rx.at("/sweep").length === 1 && rx.at("/sweep-hook").length === 1, {
      what: "payment.expired from the sweep",
    });
    const [request] = rx.at("/sweep");
    const sent = eventSchema.parse(JSON.parse(request?.body ?? "{}"));
    expect(sent.type).toBe("payment.expired");
    expect(request?.headers["x-event-id"]).toBe(sent.id);
    expect(
      verifySignature(request?.body ?? "", request?.headers["x-signature"] as string, "whsec_sandbox"),
    ).toBe(true);
    const [toHook] = rx.at("/sweep-hook");
    expect(verifySignature(toHook?.body ?? "", toHook?.headers["x-signature"] as string, hook.secret)).toBe(
      true,
    );
    expect(toHook?.body).toBe(request?.body);

    const read = await svc.api("GET", `/payments/${id}`);
    expect(read.body.data.stateDetails.state).toBe("expired");
    expect(sent.data).toEqual(read.body.data);
    await sleep(200);
    expect((await eventsOf(svc, id)).map((e) => e.type)).toEqual(["payment.expired"]);
    expect(rx.at("/sweep")).toHaveLength(1);
  });

  it("expires many references, each once, while reads race with it", async () => {
    const ids: string[] = [];
    // One end for all, far enough ahead that the last one is still created before it on a busy
    // machine (an end already past is refused).
    const endMs = Date.now() + 1500;
    const end = new Date(endMs).toISOString();
    for (let i = 0; i < 30; i++) {
      const created = await svc.api(
        "POST",
        "/payments/references",
        referenceBody({ callbackUrl: rx.url("/many"), validDate: { start: iso(-60_000), end } }),
      );
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    await sleep(Math.max(0, endMs - Date.now()));
    await Promise.all(ids.map((id) => svc.api("GET", `/payments/${id}`)));
    await waitFor(() => rx.at("/many").length >= 30);
    await sleep(200);
    expect(rx.at("/many")).toHaveLength(30);
    const paymentIds = rx.at("/many").map((r) => JSON.parse(r.body).data.id);
    expect(new Set(paymentIds)).toEqual(new Set(ids));
    for (const id of ids) expect(await eventsOf(svc, id)).toHaveLength(1);
  });
});
