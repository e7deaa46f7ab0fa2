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

describe("paymentTimeline", () => {
  it("lists creation, confirmation and the event it caused, oldest first", () => {
    const confirmed = payment("confirmed", {
      stateDetails: { state: "confirmed", createdAt: "2026-11-24T10:05:00.000+00:00" },
    });
    const entries = paymentTimeline(
      confirmed,
      undefined,
      [event("payment.confirmed", "2026-11-24T10:05:00.000+00:00")],
      undefined,
    );
    expect(entries.map((e) => e.kind)).toEqual(["created", "confirmed", "event"]);
    expect(entries[2]?.eventType).toBe("payment.confirmed");
  });

  it("shows a declined checkout's reason at its final time, and a waiting MB WAY request", () => {
    const checkout = {
      stateDetails: {
        state: "Declined",
        timestamp: "2026-11-24T10:09:00.000+00:00",
        reason: "mbway_declined",
      },
    } as DashboardCheckout;
    const entries = paymentTimeline(payment("declined"), checkout, [], "2026-11-24T10:08:00.000+00:00");
    expect(entries).toEqual([
      { at: "2026-11-24T10:00:00.000+00:00", kind: "created" },
      { at: "2026-11-24T10:08:00.000+00:00", kind: "mbwayWaiting" },
      { at: "2026-11-24T10:09:00.000+00:00", kind: "declined", reason: "mbway_declined" },
    ]);
  });

  it("shows nothing but creation for a pending payment without events", () => {
    expect(paymentTimeline(payment("pending"), undefined, [], undefined).map((e) => e.kind)).toEqual([
      "created",
    ]);
  });
});
