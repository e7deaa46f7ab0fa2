import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { event as eventSchema } from "../contract";
import { verifySignature } from "../contract/verify-signature";
import {
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
    // A sweep too slow to matter: only reads can expire references here.
    svc = await startTestService({ EXPIRY_SWEEP_MS: "600000" });
  });
  afterAll(() => svc.cleanup());

  it("reads expired on GET as soon as validDate.end has passed, and records it once", async () => {
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
    expect((await eventsOf(svc, id)).map((e) => e.type)).toEqual(["payment.expired"]);
    await waitFor(() => rx.at("/read").length === 1);
    expect(JSON.parse(rx.at("/read")[0]?.body ?? "{}").data).toEqual(reads[0]?.body.data);
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
    for (let i = 0; i < 30; i++) {
      const created = await svc.api(
        "POST",
        "/payments/references",
        referenceBody({ callbackUrl: rx.url("/many"), validDate: { start: iso(-60_000), end: iso(150) } }),
      );
      ids.push(created.body.data.id);
    }
    await sleep(150);
    await Promise.all(ids.map((id) => svc.api("GET", `/payments/${id}`)));
    await waitFor(() => rx.at("/many").length >= 30);
    await sleep(200);
    expect(rx.at("/many")).toHaveLength(30);
    const paymentIds = rx.at("/many").map((r) => JSON.parse(r.body).data.id);
    expect(new Set(paymentIds)).toEqual(new Set(ids));
    for (const id of ids) expect(await eventsOf(svc, id)).toHaveLength(1);
  });
});
