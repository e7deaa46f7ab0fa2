import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceBody, sleep, startReceiver, startTestService, type TestService, waitFor } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ NOTIFY_RETRY_DELAYS: "100,100,100,100,100", NOTIFY_POLL_MS: "20" });
});
afterAll(() => svc.cleanup());

describe("removing a webhook endpoint", () => {
  it("stops its pending retries, and a redeliver of the event leaves it out", async () => {
    const receiver = await startReceiver();
    receiver.reply = () => 500;
    const hook = await svc.api("POST", "/webhooks", {
      url: receiver.url("/hook"),
      events: ["payment.confirmed"],
    });
    const ref = await svc.api("POST", "/payments/references", referenceBody());
    const { entity, reference } = ref.body.data.referenceDetails;
    await svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount: 1500 });
    await waitFor(() => receiver.at("/hook").length >= 1, { what: "a first failed attempt" });

    expect((await svc.api("DELETE", `/webhooks/${hook.body.data.id}`)).status).toBe(200);
    const events = await svc.api("GET", `/events?paymentId=${ref.body.data.id}`);
    const event = await svc.api("GET", `/events/${events.body.data[0].id}`);
    expect(event.body.data.deliveries[0].state).toBe("failed");
    const seen = receiver.at("/hook").length;
    await sleep(400);
    expect(receiver.at("/hook").length).toBe(seen);

    const redeliver = await svc.api("POST", `/events/${events.body.data[0].id}/redeliver`);
    expect(redeliver.status).toBe(409);
    await receiver.close();
  });
});
