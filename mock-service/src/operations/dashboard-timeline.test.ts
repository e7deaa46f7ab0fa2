import { describe, expect, it } from "vitest";
import type { DashboardCheckout, DashboardEvent, Payment } from "../../contract";
import { paymentTimeline } from "./dashboard-timeline";

const payment = (state: Payment["stateDetails"]["state"], extra: Partial<Payment> = {}): Payment => ({
  id: "pay_AAAAAAAAAAAAAAAAAAAA",
  type: "payment",
  stateDetails: { state },
  amount: 1000,
  currency: "EUR",
  amountRefunded: 0,
  refunds: [],
  createdAt: "2026-11-24T10:00:00.000+00:00",
  updatedAt: "2026-11-24T10:05:00.000+00:00",
  availableMethods: [{ code: "CC", type: "REALTIME", name: "Card" }],
  ...extra,
});

const event = (type: DashboardEvent["type"], createdAt: string): DashboardEvent => ({
  id: `evt_${type}`,
  type,
  createdAt,
  data: {},
  deliveries: [],
});

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, "0")}:00.000+00:00`;

describe("paymentTimeline", () => {
  it("lists creation, confirmation and the event it caused, oldest first", () => {
    const confirmed = payment("confirmed", {
      stateDetails: { state: "confirmed", createdAt: at(5) },
    });
    const entries = paymentTimeline({
      payment: confirmed,
      attempts: [],
      refunds: [],
      events: [event("payment.confirmed", at(5))],
    });
    expect(entries).toEqual([
      { at: at(0), kind: "created" },
      { at: at(5), kind: "confirmed" },
      { at: at(5), kind: "event", eventType: "payment.confirmed" },
    ]);
  });

  it("numbers each attempt, keeps its reason and 3-D Secure steps, and puts the logged steps of one instant in order", () => {
    const confirmed = payment("confirmed", { stateDetails: { state: "confirmed", createdAt: at(4) } });
    const entries = paymentTimeline({
      payment: confirmed,
      attempts: [
        { at: at(1), method: "card", outcome: "declined", reason: "insufficient_funds" },
        { at: at(2), method: "card", outcome: "challengeRequired", reason: null },
        { at: at(3), method: "card", outcome: "challengeFailed", reason: null },
        { at: at(3), method: "card", outcome: "declined", reason: "authentication_failed" },
        { at: at(4), method: "savedCard", outcome: "approved", reason: null },
      ],
      refunds: [],
      events: [event("checkout.completed", at(4))],
    });
    expect(entries).toEqual([
      { at: at(0), kind: "created" },
      {
        at: at(1),
        kind: "attempt",
        number: 1,
        method: "card",
        result: "declined",
        reason: "insufficient_funds",
      },
      { at: at(2), kind: "authentication", method: "card", step: "challengeRequired" },
      { at: at(3), kind: "authentication", method: "card", step: "challengeFailed" },
      {
        at: at(3),
        kind: "attempt",
        number: 2,
        method: "card",
        result: "declined",
        reason: "authentication_failed",
      },
      { at: at(4), kind: "attempt", number: 3, method: "savedCard", result: "approved" },
      { at: at(4), kind: "confirmed" },
      { at: at(4), kind: "event", eventType: "checkout.completed" },
    ]);
  });

  it("shows MB WAY requests (cancelled, timed out), a voucher and each refund", () => {
    const checkout = {
      stateDetails: { state: "Expired", timestamp: at(9), reason: "mbway_timeout" },
    } as DashboardCheckout;
    const entries = paymentTimeline({
      payment: payment("expired"),
      checkout,
      attempts: [
        { at: at(1), method: "mbway", outcome: "mbwayRequested", reason: null },
        { at: at(2), method: "mbway", outcome: "mbwayCancelled", reason: null },
        { at: at(3), method: "mbway", outcome: "mbwayRequested", reason: null },
        { at: at(9), method: "mbway", outcome: "timedOut", reason: "mbway_timeout" },
      ],
      refunds: [],
      events: [],
    });
    expect(entries.map((e) => e.kind)).toEqual([
      "created",
      "mbwayWaiting",
      "mbwayCancelled",
      "mbwayWaiting",
      "attempt",
      "expired",
    ]);
    expect(entries[5]).toEqual({ at: at(9), kind: "expired", reason: "mbway_timeout" });

    const refunded = paymentTimeline({
      payment: payment("confirmed", { stateDetails: { state: "confirmed", createdAt: at(2) } }),
      attempts: [{ at: at(1), method: "multibanco", outcome: "voucherIssued", reason: null }],
      refunds: [
        {
          id: "re_2",
          paymentId: "pay_AAAAAAAAAAAAAAAAAAAA",
          amount: 300,
          state: "succeeded",
          createdAt: at(8),
        },
        {
          id: "re_1",
          paymentId: "pay_AAAAAAAAAAAAAAAAAAAA",
          amount: 200,
          state: "succeeded",
          createdAt: at(6),
        },
      ],
      events: [],
    });
    expect(refunded.slice(1)).toEqual([
      { at: at(1), kind: "voucherIssued" },
      { at: at(2), kind: "confirmed" },
      { at: at(6), kind: "refunded", refundId: "re_1", amount: 200 },
      { at: at(8), kind: "refunded", refundId: "re_2", amount: 300 },
    ]);
  });

  it("gives a declined charge its own reason, and shows nothing but creation for a pending payment", () => {
    const declined = payment("declined", {
      stateDetails: { state: "declined", reason: "insufficient_funds" },
    });
    expect(paymentTimeline({ payment: declined, attempts: [], refunds: [], events: [] })).toEqual([
      { at: at(0), kind: "created" },
      { at: "2026-11-24T10:05:00.000+00:00", kind: "declined", reason: "insufficient_funds" },
    ]);
    expect(
      paymentTimeline({ payment: payment("pending"), attempts: [], refunds: [], events: [] }).map(
        (e) => e.kind,
      ),
    ).toEqual(["created"]);
  });
});
