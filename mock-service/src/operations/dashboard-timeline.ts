import type { DashboardCheckout, DashboardEvent, Payment, TimelineEntry } from "../../contract";

/**
 * What happened to a payment, oldest first, from what the store keeps: its creation, a waiting MB WAY
 * request, its final state (with the decline reason) and every event it caused. The store keeps a
 * checkout's attempt count and last decline reason, not each attempt's time: those are shown with the
 * checkout, not invented here.
 */
export function paymentTimeline(
  payment: Payment,
  checkout: DashboardCheckout | undefined,
  events: DashboardEvent[],
  mbwayWaitingSince: string | undefined,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: payment.createdAt, kind: "created" }];
  if (mbwayWaitingSince) entries.push({ at: mbwayWaitingSince, kind: "mbwayWaiting" });
  const state = payment.stateDetails.state;
  const finalAt = checkout?.stateDetails.timestamp ?? payment.updatedAt;
  if (state === "confirmed") {
    entries.push({ at: payment.stateDetails.createdAt ?? finalAt, kind: "confirmed" });
  } else if (state === "declined" || state === "expired") {
    const reason = checkout?.stateDetails.reason;
    entries.push({ at: finalAt, kind: state, ...(reason && { reason }) });
  }
  for (const event of events) entries.push({ at: event.createdAt, kind: "event", eventType: event.type });
  // Stable: at the same instant, the state change stays before the event it caused.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
