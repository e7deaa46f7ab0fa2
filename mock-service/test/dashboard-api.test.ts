import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { type DashboardClient, signIn } from "./dashboard-helpers";
import { shopper } from "./shopper-helpers";
import {
  embedCheckoutBody,
  referenceBody,
  type Receiver,
  SANDBOX_KEY,
  startReceiver,
  startTestService,
  type TestService,
  waitFor,
} from "./helpers";

let svc: TestService;
let receiver: Receiver;
let mine: DashboardClient;
let other: DashboardClient;
let otherKey: string;

beforeAll(async () => {
  svc = await startTestService({
    NOTIFY_POLL_MS: "50",
    NOTIFY_RETRY_DELAYS: "100,200",
    SQLITE_SYNCHRONOUS: "FULL",
  });
  receiver = await startReceiver();
  otherKey = (await createMerchant(svc.ctx.db, "Other shop")).apiKey;
  mine = await signIn(svc, SANDBOX_KEY);
  other = await signIn(svc, otherKey);
});
afterAll(async () => {
  await svc.cleanup();
  await receiver.close();
});

async function createReference(amount = 1500, key = SANDBOX_KEY) {
  const res = await svc.api(
    "POST",
    "/payments/references",
    referenceBody({ amount, callbackUrl: receiver.url("/cb") }),
    {
      key,
    },
  );
  expect(res.status).toBe(201);
  return res.body.data as { id: string; referenceDetails: { reference: string } };
}

describe("dashboard payments", () => {
  it("lists newest first, in pages, filtered by state and method, searched by id, reference or code", async () => {
    const first = await createReference(1001);
    const checkout = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 700, code: "ORDER-77" } }),
    );
    const second = await createReference(1002);
    const all = await mine.call("GET", "/dashboard/api/payments?limit=2");
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((p: { id: string }) => p.id)).toEqual([
      second.id,
      checkout.body.data.paymentId,
    ]);
    expect(all.body.data.hasMore).toBe(true);
    const next = await mine.call(
      "GET",
      `/dashboard/api/payments?limit=2&startingAfter=${checkout.body.data.paymentId}`,
    );
    expect(next.body.data.items[0].id).toBe(first.id);

    const cards = await mine.call("GET", "/dashboard/api/payments?method=CC");
    expect(cards.body.data.items.map((p: { id: string }) => p.id)).toEqual([checkout.body.data.paymentId]);
    expect(cards.body.data.items[0]).toMatchObject({
      code: "ORDER-77",
      // No method code: card, MB WAY and Multibanco.
      methods: ["CC", "MW", "MB"],
      state: "pending",
    });
    const multibanco = await mine.call("GET", "/dashboard/api/payments?method=MB");
    // The references, and the checkout that offers Multibanco among its methods.
    expect(multibanco.body.data.items.every((p: { methods: string[] }) => p.methods.includes("MB"))).toBe(
      true,
    );
    expect(multibanco.body.data.items.map((p: { id: string }) => p.id)).toContain(
      checkout.body.data.paymentId,
    );

    for (const q of ["ORDER-77", checkout.body.data.paymentId, checkout.body.data.id]) {
      const found = await mine.call("GET", `/dashboard/api/payments?q=${encodeURIComponent(q)}`);
      expect(
        found.body.data.items.map((p: { id: string }) => p.id),
        q,
      ).toEqual([checkout.body.data.paymentId]);
    }
    const byReference = await mine.call(
      "GET",
      `/dashboard/api/payments?q=${encodeURIComponent(first.referenceDetails.reference.replace(/(\d{3})/g, "$1 ").trim())}`,
    );
    expect(byReference.body.data.items.map((p: { id: string }) => p.id)).toEqual([first.id]);

    const confirmed = await mine.call("GET", "/dashboard/api/payments?state=confirmed");
    expect(confirmed.body.data.items.some((p: { id: string }) => p.id === first.id)).toBe(false);

    const bad = await mine.call("GET", "/dashboard/api/payments?state=paid");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("state");
  });

  it("shows the method the shopper chose once there is one, in the list, its filter and the detail alike", async () => {
    const shop = shopper(svc);
    const untouched = await shop.checkout({ amount: 501 });
    const paidByCard = await shop.checkout({ amount: 502 });
    expect((await shop.payCard(paidByCard.id, "4242424242424242")).body.data.approved).toBe(true);
    const declinedCard = await shop.checkout({ amount: 503 });
    expect((await shop.payCard(declinedCard.id, "4000000000000002")).body.data.approved).toBe(false);
    const challenged = await shop.checkout({ amount: 504 });
    expect((await shop.payCard(challenged.id, "4000000000003220")).body.data.challenge).toBeDefined();
    const mbwayWaiting = await shop.checkout({ amount: 505 });
    const phone = { countryCode: "351", number: "912345678" };
    const mbwayPath = (id: string) => `/frame-api/checkouts/${id}/mbway-payments`;
    expect((await svc.api("POST", mbwayPath(mbwayWaiting.id), phone, { key: null })).status).toBe(202);
    const mbwayCancelled = await shop.checkout({ amount: 506 });
    await svc.api("POST", mbwayPath(mbwayCancelled.id), phone, { key: null });
    expect((await svc.api("DELETE", mbwayPath(mbwayCancelled.id), undefined, { key: null })).status).toBe(
      200,
    );
    const voucher = await shop.checkout({ amount: 507 });
    expect((await shop.voucher(voucher.id)).status).toBe(200);

    const expected: [{ paymentId: string }, string[]][] = [
      [untouched, ["CC", "MW", "MB"]],
      [paidByCard, ["CC"]],
      [declinedCard, ["CC"]],
      [challenged, ["CC"]],
      [mbwayWaiting, ["MW"]],
      [mbwayCancelled, ["CC", "MW", "MB"]],
      [voucher, ["MB"]],
    ];
    const list = await mine.call("GET", "/dashboard/api/payments?limit=100");
    const listed = (id: string) =>
      (list.body.data.items as { id: string; methods: string[] }[]).find((p) => p.id === id)?.methods;
    const filtered = async (method: string) =>
      (
        (await mine.call("GET", `/dashboard/api/payments?limit=100&method=${method}`)).body.data.items as {
          id: string;
        }[]
      ).map((p) => p.id);
    const byMethod = { CC: await filtered("CC"), MW: await filtered("MW"), MB: await filtered("MB") };
    for (const [{ paymentId }, methods] of expected) {
      expect(listed(paymentId), paymentId).toEqual(methods);
      const detail = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
      expect(detail.body.data.methods, paymentId).toEqual(methods);
      for (const [method, ids] of Object.entries(byMethod)) {
        expect(ids.includes(paymentId), `${paymentId} under ${method}`).toBe(methods.includes(method));
      }
    }
  });

  it("simulates the Multibanco payment through the API's operation: state, timeline and delivered notification", async () => {
    const payment = await createReference(2500);
    const before = await mine.call("GET", `/dashboard/api/payments/${payment.id}`);
    expect(before.body.data.actions).toEqual(["simulateMultibanco", "expireReference"]);

    const done = await mine.call("POST", `/dashboard/api/payments/${payment.id}/actions/simulateMultibanco`);
    expect(done.status).toBe(200);
    expect(done.body.data.payment.stateDetails.state).toBe("confirmed");
    expect(done.body.data.actions).toEqual([]);
    expect(done.body.data.timeline.map((t: { kind: string }) => t.kind)).toEqual([
      "created",
      "confirmed",
      "event",
    ]);

    const delivered = await waitFor(async () => {
      const detail = await mine.call("GET", `/dashboard/api/payments/${payment.id}`);
      const delivery = detail.body.data.events[0]?.deliveries[0];
      return delivery?.state === "succeeded" ? delivery : undefined;
    });
    expect(delivered).toMatchObject({ target: "callback", url: receiver.url("/cb") });
    expect(delivered.attempts[0]).toMatchObject({ statusCode: 200 });

    const again = await mine.call("POST", `/dashboard/api/payments/${payment.id}/actions/simulateMultibanco`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_paid");
  });

  it("expires a pending reference now, with its payment.expired event", async () => {
    const payment = await createReference(3100);
    const res = await mine.call("POST", `/dashboard/api/payments/${payment.id}/actions/expireReference`);
    expect(res.status).toBe(200);
    expect(res.body.data.payment.stateDetails.state).toBe("expired");
    expect(res.body.data.events.map((e: { type: string }) => e.type)).toEqual(["payment.expired"]);
    const pay = await mine.call("POST", `/dashboard/api/payments/${payment.id}/actions/simulateMultibanco`);
    expect(pay.body.error.code).toBe("reference_expired");
  });

  it("simulates the payment of a checkout's Multibanco voucher: the checkout succeeds and both events go out", async () => {
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout({ amount: 2600, paymentMethod: { code: "MB" } });
    expect((await mine.call("GET", `/dashboard/api/payments/${paymentId}`)).body.data.actions).toEqual([]);
    expect((await shop.voucher(id)).status).toBe(200);
    const before = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(before.body.data.actions).toEqual(["simulateMultibanco", "expireReference"]);

    const done = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/simulateMultibanco`);
    expect(done.status).toBe(200);
    expect(done.body.data.payment.stateDetails.state).toBe("confirmed");
    expect(done.body.data.checkout.stateDetails.state).toBe("Success");
    expect(done.body.data.checkout.result).toEqual({ paymentMethodCode: "MB" });
    expect(done.body.data.events.map((e: { type: string }) => e.type).sort()).toEqual([
      "checkout.completed",
      "payment.confirmed",
    ]);
    expect(done.body.data.actions).toEqual([]);
    expect((await shop.status(id)).body.data.stateDetails.state).toBe("Success");
  });

  it("expires a checkout's Multibanco voucher now: the checkout expires with it, as the sweep makes it", async () => {
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout({ amount: 2700, paymentMethod: { code: "MB" } });
    const voucher = (await shop.voucher(id)).body.data.multibanco;
    const res = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/expireReference`);
    expect(res.status).toBe(200);
    expect(res.body.data.payment.stateDetails.state).toBe("expired");
    expect(res.body.data.checkout.stateDetails.state).toBe("Expired");
    expect(res.body.data.events.map((e: { type: string }) => e.type).sort()).toEqual([
      "checkout.failed",
      "payment.expired",
    ]);
    expect(res.body.data.actions).toEqual([]);
    expect((await shop.status(id)).body.data.stateDetails.state).toBe("Expired");
    expect((await shop.frameCheckout(id)).body.data.state).toBe("Expired");
    // The bank network no longer takes it.
    const { entity, reference, amount } = voucher;
    const paid = await svc.api("POST", "/sandbox/multibanco/payments", { entity, reference, amount });
    expect(paid.status).toBe(409);
    expect(paid.body.error.code).toBe("reference_expired");
  });

  it("approves a waiting MB WAY request, offered only while it waits", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody({ payment: { amount: 900 } }));
    const { id, paymentId } = created.body.data as { id: string; paymentId: string };
    const idle = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(idle.body.data.actions).toEqual([]);
    // A number the simulator leaves waiting (not a test number that answers by itself).
    const start = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/mbway-payments`,
      { countryCode: "351", number: "912345678" },
      { key: null },
    );
    expect(start.status).toBe(202);
    const waiting = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(waiting.body.data.actions).toEqual(["approveMbway", "declineMbway"]);
    expect(waiting.body.data.timeline.map((t: { kind: string }) => t.kind)).toContain("mbwayWaiting");
    const approved = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/approveMbway`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.checkout.stateDetails.state).toBe("Success");
    expect(approved.body.data.payment.stateDetails.state).toBe("confirmed");
  });

  it("completes an open 3-D Secure challenge, offered only while it is open; refunds what remains once paid", async () => {
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout({ amount: 1200 });
    expect((await shop.payCard(id, "4000000000003220")).status).toBe(200);
    const open = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(open.body.data.actions).toEqual(["completeChallenge", "failChallenge"]);
    const done = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/completeChallenge`);
    expect(done.status).toBe(200);
    expect(done.body.data.payment.stateDetails.state).toBe("confirmed");
    expect(done.body.data.actions).toEqual(["refund"]);
    const refunded = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/refund`);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.payment.amountRefunded).toBe(1200);
    expect(refunded.body.data.actions).toEqual([]);
    // The other merchant's session cannot act on it.
    const theirs = await other.call("POST", `/dashboard/api/payments/${paymentId}/actions/refund`);
    expect(theirs.status).toBe(404);
  });
});

describe("dashboard checkouts and customers", () => {
  it("lists checkouts newest first with their payment, and filters by state", async () => {
    const a = await svc.api(
      "POST",
      "/checkouts",
      embedCheckoutBody({ payment: { amount: 111, code: "A-1" } }),
    );
    const b = await svc.api("POST", "/checkouts", embedCheckoutBody({ payment: { amount: 222 } }));
    const list = await mine.call("GET", "/dashboard/api/checkouts?limit=2");
    expect(list.body.data.items.map((c: { id: string }) => c.id)).toEqual([b.body.data.id, a.body.data.id]);
    expect(list.body.data.items[1]).toMatchObject({
      code: "A-1",
      amount: 111,
      paymentId: a.body.data.paymentId,
    });
    const paid = await mine.call("GET", "/dashboard/api/checkouts?state=Success");
    expect(paid.body.data.items.some((c: { id: string }) => c.id === a.body.data.id)).toBe(false);
  });

  it("lists customers with their stored methods and deletes one; another merchant gets 404", async () => {
    const created = await svc.api("POST", "/customers", { customerId: "dash-1", firstName: "Ana" });
    const uuid = created.body.data.uuid as string;
    const methodUuid = "00000000-0000-4000-8000-00000000d001";
    await svc.ctx.db
      .insertInto("payment_methods")
      .values({
        uuid: methodUuid,
        merchant_id: (
          await svc.ctx.db
            .selectFrom("customers")
            .select("merchant_id")
            .where("uuid", "=", uuid)
            .executeTakeFirstOrThrow()
        ).merchant_id,
        customer_uuid: uuid,
        code: "CC",
        brand: "VISA",
        last4: "4242",
        holder: "Ana",
        expiry_month: "12",
        expiry_year: "2030",
        country_code: null,
        last3: null,
        phone_number: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const list = await mine.call("GET", "/dashboard/api/customers");
    const customer = list.body.data.items.find((c: { uuid: string }) => c.uuid === uuid);
    expect(customer.paymentMethods).toEqual([
      expect.objectContaining({ uuid: methodUuid, code: "CC", last4Digits: "4242" }),
    ]);
    const path = `/dashboard/api/customers/${uuid}/payment-methods/${methodUuid}`;
    expect((await other.call("DELETE", path)).status).toBe(404);
    expect((await mine.call("DELETE", path)).status).toBe(200);
    expect((await mine.call("DELETE", path)).status).toBe(404);
    const after = await svc.api("GET", `/customers/${uuid}/paymentMethods`);
    expect(after.body.data).toEqual([]);
  });
});

describe("dashboard events and webhooks", () => {
  it("adds a webhook (secret shown once), sends it a test event, redelivers it and removes it", async () => {
    const created = await mine.call("POST", "/dashboard/api/webhooks", { url: receiver.url("/hook") });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_/);
    const listed = await mine.call("GET", "/dashboard/api/webhooks");
    expect(JSON.stringify(listed.body.data)).not.toContain(created.body.data.secret);

    const test = await mine.call("POST", `/dashboard/api/webhooks/${created.body.data.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body.data.type).toBe("webhook.test");
    const eventId = test.body.data.id as string;
    await waitFor(() =>
      receiver.at("/hook").some((r) => r.headers["x-event-id"] === eventId || r.body.includes(eventId)),
    );

    const count = receiver.at("/hook").length;
    const redelivered = await mine.call("POST", `/dashboard/api/events/${eventId}/redeliver`);
    expect(redelivered.status).toBe(202);
    await waitFor(() => receiver.at("/hook").length > count);
    const event = await mine.call("GET", `/dashboard/api/events/${eventId}`);
    expect(event.body.data.deliveries[0].attempts.length).toBeGreaterThanOrEqual(2);

    const filtered = await mine.call("GET", "/dashboard/api/events?type=webhook.test");
    expect(filtered.body.data.map((e: { id: string }) => e.id)).toContain(eventId);

    const removed = await mine.call("DELETE", `/dashboard/api/webhooks/${created.body.data.id}`);
    expect(removed.status).toBe(200);
  });
});

describe("isolation between merchants' dashboards", () => {
  it("another merchant's session sees none of it: lists are empty and every resource answers 404", async () => {
    const payment = await createReference(4200);
    const paid = await mine.call("POST", `/dashboard/api/payments/${payment.id}/actions/simulateMultibanco`);
    const eventId = paid.body.data.events[0].id as string;
    const hook = await mine.call("POST", "/dashboard/api/webhooks", { url: receiver.url("/mine") });
    const checkout = await svc.api("POST", "/checkouts", embedCheckoutBody());

    for (const path of ["/dashboard/api/payments", "/dashboard/api/checkouts", "/dashboard/api/customers"]) {
      const res = await other.call("GET", path);
      expect(res.status, path).toBe(200);
      expect(res.body.data.items, path).toEqual([]);
    }
    expect((await other.call("GET", "/dashboard/api/events")).body.data).toEqual([]);
    expect((await other.call("GET", "/dashboard/api/webhooks")).body.data).toEqual([]);
    const searched = await other.call("GET", `/dashboard/api/payments?q=${checkout.body.data.id}`);
    expect(searched.body.data.items).toEqual([]);

    for (const [method, path] of [
      ["GET", `/dashboard/api/payments/${payment.id}`],
      ["GET", `/dashboard/api/payments/${checkout.body.data.paymentId}`],
      ["POST", `/dashboard/api/payments/${checkout.body.data.paymentId}/actions/expireReference`],
      ["POST", `/dashboard/api/payments/${payment.id}/actions/simulateMultibanco`],
      ["GET", `/dashboard/api/events/${eventId}`],
      ["POST", `/dashboard/api/events/${eventId}/redeliver`],
      ["POST", `/dashboard/api/webhooks/${hook.body.data.id}/test`],
      ["DELETE", `/dashboard/api/webhooks/${hook.body.data.id}`],
    ] as const) {
      const res = await other.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const cursor = await other.call("GET", `/dashboard/api/payments?startingAfter=${payment.id}`);
    expect(cursor.status).toBe(400);
    // Still there for its owner.
    expect((await mine.call("GET", `/dashboard/api/webhooks`)).body.data).toHaveLength(1);
  });
});

describe("dashboard live stream", () => {
  it("tells an open dashboard of a change within a second, and not another merchant's", async () => {
    const open = async (cookie: string) => {
      const controller = new AbortController();
      const res = await fetch(`${svc.baseUrl}/dashboard/api/stream`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value);
          }
        } catch {
          // aborted
        }
      })();
      return { text: () => text, close: () => controller.abort() };
    };
    const mineStream = await open(mine.cookie);
    const otherStream = await open(other.cookie);
    await waitFor(
      () => mineStream.text().includes("event: ready") && otherStream.text().includes("event: ready"),
    );
    await new Promise((r) => setTimeout(r, 400)); // the first poll has taken its fingerprint
    const started = Date.now();
    await createReference(5100);
    await waitFor(() => mineStream.text().includes("event: change"), { timeoutMs: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 400));
    expect(otherStream.text()).not.toContain("event: change");
    mineStream.close();
    otherStream.close();
  });

  it("tells a merchant with nothing yet of its first payment", async () => {
    const fresh = await createMerchant(svc.ctx.db, "Fresh shop");
    const client = await signIn(svc, fresh.apiKey);
    const controller = new AbortController();
    const res = await fetch(`${svc.baseUrl}/dashboard/api/stream`, {
      headers: { cookie: client.cookie },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil("event: ready");
    await new Promise((r) => setTimeout(r, 400));
    await createReference(5200, fresh.apiKey);
    await Promise.race([readUntil("event: change"), new Promise((r) => setTimeout(r, 1000))]);
    controller.abort();
    expect(text).toContain("event: change");
  });

  it("needs a session", async () => {
    const res = await fetch(`${svc.baseUrl}/dashboard/api/stream`);
    expect(res.status).toBe(401);
  });
});
