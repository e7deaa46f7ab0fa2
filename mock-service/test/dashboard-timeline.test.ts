import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchant } from "../src/operations/merchants";
import { type CardCharge, settleCardAttempt } from "../src/operations/card-attempts";
import { sweepTimedOutChallenges } from "../src/operations/three-ds";
import { findCheckoutById } from "../src/store/checkouts";
import { findMerchantByKeyHash, hashApiKey } from "../src/store/merchants";
import { listPaymentAttempts } from "../src/store/payment-attempts";
import { type DashboardClient, signIn } from "./dashboard-helpers";
import { SANDBOX_KEY, sleep, startTestService, type TestService } from "./helpers";
import { shopper } from "./shopper-helpers";

/** The payment detail's timeline, built from the attempt log (store/payment-attempts.ts). */

const DECLINED_CARD = "4000000000000002";
const CHALLENGE_CARD = "4000000000003220";
const VISA_OK = "4242424242424242";

let svc: TestService;
let mine: DashboardClient;
let other: DashboardClient;
let otherMerchantId: string;

beforeAll(async () => {
  svc = await startTestService();
  const created = await createMerchant(svc.ctx.db, "Other shop");
  otherMerchantId = created.id;
  mine = await signIn(svc, SANDBOX_KEY);
  other = await signIn(svc, created.apiKey);
});
afterAll(async () => {
  await svc.cleanup();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- timeline entries are inspected freely
type Entry = Record<string, any>;

async function timelineOf(paymentId: string): Promise<Entry[]> {
  const res = await mine.call("GET", `/dashboard/api/payments/${paymentId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.timeline as Entry[];
}

const without = (entries: Entry[], kind: string) => entries.filter((e) => e.kind !== kind);

describe("payment timeline from the attempt log", () => {
  it("a declined card, a failed 3-D Secure challenge, then a paid card: three attempts with their reasons, in order", async () => {
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout({ amount: 2500 });

    const declined = await shop.payCard(id, DECLINED_CARD);
    expect(declined.body.data).toMatchObject({ approved: false, reason: "card_declined" });
    const challenged = await shop.payCard(id, CHALLENGE_CARD);
    expect(challenged.body.data.challenge).toBeDefined();
    const failed = await shop.answerChallenge(id, "fail");
    expect(failed.body.data).toMatchObject({ approved: false, reason: "authentication_failed" });
    const paid = await shop.payCard(id, VISA_OK);
    expect(paid.body.data.approved).toBe(true);

    const timeline = await timelineOf(paymentId);
    const attempts = timeline.filter((e) => e.kind === "attempt");
    expect(attempts.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: "attempt", number: 1, method: "card", result: "declined", reason: "card_declined" },
      { kind: "attempt", number: 2, method: "card", result: "declined", reason: "authentication_failed" },
      { kind: "attempt", number: 3, method: "card", result: "approved" },
    ]);
    expect(without(timeline, "event").map((e) => e.step ?? e.result ?? e.kind)).toEqual([
      "created",
      "declined",
      "challengeRequired",
      "challengeFailed",
      "declined",
      "approved",
      "confirmed",
    ]);
    // Oldest first, and the events the payment caused come after what caused them.
    const times = timeline.map((e) => Date.parse(e.at as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(timeline.at(-1)).toMatchObject({ kind: "event", eventType: "checkout.completed" });
    // The checkout's count agrees with the log.
    expect((await shop.status(id)).body.data.attempts).toBe(3);

    // The log holds no card data: no column for it, and the numbers typed appear nowhere.
    const rows = await svc.ctx.db
      .selectFrom("payment_attempts")
      .selectAll()
      .where("payment_id", "=", paymentId)
      .execute();
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ["at", "checkout_id", "merchant_id", "method", "outcome", "payment_id", "reason", "seq"].sort(),
    );
    for (const number of [DECLINED_CARD, CHALLENGE_CARD, VISA_OK])
      expect(JSON.stringify(rows)).not.toContain(number);

    // A refused attempt on the finished checkout writes nothing.
    expect((await shop.payCard(id, VISA_OK)).status).toBe(409);
    expect((await timelineOf(paymentId)).filter((e) => e.kind === "attempt")).toHaveLength(3);

    // Another merchant sees none of it: the detail is 404 and the log holds nothing under its id.
    const theirs = await other.call("GET", `/dashboard/api/payments/${paymentId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("not_found");
    expect(await listPaymentAttempts(svc.ctx.db, otherMerchantId, paymentId)).toEqual([]);
  });

  it("an attempt that loses the race for the checkout leaves no trace in the log", async () => {
    // Two requests that read the same checkout row: the second one's compare-and-set must fail, and
    // its transaction (which still commits: a lost race is an answer, not a throw) must log nothing.
    const shop = shopper(svc);
    const merchant = await findMerchantByKeyHash(svc.ctx.db, hashApiKey(SANDBOX_KEY));
    if (!merchant) throw new Error("no sandbox merchant");
    const charge: CardCharge = {
      brand: "visa",
      last4: "0002",
      holder: "Ada Lovelace",
      expiryMonth: "12",
      expiryYear: "2034",
      profile: { threeDS: null, storedDeclineReason: null },
    };
    const declined = { approved: false as const, reason: "card_declined" as const };

    const retryable = await shop.checkout();
    const stale = await findCheckoutById(svc.ctx.db, retryable.id);
    if (!stale) throw new Error("no checkout");
    await settleCardAttempt(svc.ctx, merchant, stale, charge, declined);
    await expect(settleCardAttempt(svc.ctx, merchant, stale, charge, declined)).rejects.toMatchObject({
      code: "payment_in_progress",
    });
    const logged = await listPaymentAttempts(svc.ctx.db, merchant.id, retryable.paymentId);
    expect(logged.map((row) => [row.outcome, row.reason])).toEqual([["declined", "card_declined"]]);

    const paid = await shop.checkout();
    const before = await findCheckoutById(svc.ctx.db, paid.id);
    if (!before) throw new Error("no checkout");
    await settleCardAttempt(svc.ctx, merchant, before, charge, { approved: true });
    await expect(settleCardAttempt(svc.ctx, merchant, before, charge, declined)).rejects.toMatchObject({
      code: "payment_in_progress",
    });
    const once = await listPaymentAttempts(svc.ctx.db, merchant.id, paid.paymentId);
    expect(once.map((row) => row.outcome)).toEqual(["approved"]);
  });

  it("a completed challenge with a saved card, then each refund", async () => {
    const shop = shopper(svc);
    const customer = await shop.customer();
    const saved = await shop.savedCard(customer, CHALLENGE_CARD);
    const { id, paymentId } = await shop.checkout({ amount: 1000, customer: { uuid: customer } });
    expect((await shop.paySaved(id, saved)).body.data.challenge).toBeDefined();
    expect((await shop.answerChallenge(id, "complete")).body.data.approved).toBe(true);
    for (const amount of [300, 200]) {
      expect((await svc.api("POST", `/payments/${paymentId}/refunds`, { amount })).status).toBe(201);
    }

    const timeline = without(await timelineOf(paymentId), "event");
    expect(timeline.map(({ at: _at, refundId: _id, ...rest }) => rest)).toEqual([
      { kind: "created" },
      { kind: "authentication", method: "savedCard", step: "challengeRequired" },
      { kind: "authentication", method: "savedCard", step: "challengeCompleted" },
      { kind: "attempt", number: 1, method: "savedCard", result: "approved" },
      { kind: "confirmed" },
      { kind: "refunded", amount: 300 },
      { kind: "refunded", amount: 200 },
    ]);
  });

  it("MB WAY requests (cancelled, declined) and a Multibanco voucher paid from the dashboard", async () => {
    const shop = shopper(svc);
    const { id, paymentId } = await shop.checkout({ amount: 1800 });
    const mbway = (method: string) =>
      svc.api(
        method,
        `/frame-api/checkouts/${id}/mbway-payments`,
        method === "POST" ? { countryCode: "351", number: "912345678" } : undefined,
        { key: null },
      );
    expect((await mbway("POST")).status).toBe(202);
    expect((await mbway("DELETE")).status).toBe(200);
    expect((await mbway("POST")).status).toBe(202);
    expect((await svc.api("POST", `/sandbox/mbway/${paymentId}/decline`)).status).toBe(200);
    expect((await shop.voucher(id)).status).toBe(200);
    const paid = await mine.call("POST", `/dashboard/api/payments/${paymentId}/actions/simulateMultibanco`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const timeline = without(paid.body.data.timeline as Entry[], "event");
    expect(timeline.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: "created" },
      { kind: "mbwayWaiting" },
      { kind: "mbwayCancelled" },
      { kind: "mbwayWaiting" },
      { kind: "attempt", number: 1, method: "mbway", result: "declined", reason: "mbway_declined" },
      { kind: "voucherIssued" },
      { kind: "confirmed" },
    ]);
  });
});

describe("a 3-D Secure challenge nobody answers", () => {
  it("is logged as timed out, with the attempt it declined", async () => {
    const slow = await startTestService({ THREEDS_TIMEOUT_MS: "1000" }, { workers: false });
    try {
      const shop = shopper(slow);
      const { id, paymentId } = await shop.checkout();
      expect((await shop.payCard(id, CHALLENGE_CARD)).body.data.challenge).toBeDefined();
      await sleep(1100);
      expect(await sweepTimedOutChallenges(slow.ctx)).toBe(1);
      const client = await signIn(slow, SANDBOX_KEY);
      const res = await client.call("GET", `/dashboard/api/payments/${paymentId}`);
      const steps = (res.body.data.timeline as Entry[]).filter(
        (e) => e.kind !== "event" && e.kind !== "created",
      );
      expect(steps.map(({ at: _at, ...rest }) => rest)).toEqual([
        { kind: "authentication", method: "card", step: "challengeRequired" },
        { kind: "authentication", method: "card", step: "challengeTimedOut" },
        { kind: "attempt", number: 1, method: "card", result: "declined", reason: "authentication_failed" },
      ]);
    } finally {
      await slow.cleanup();
    }
  });
});
