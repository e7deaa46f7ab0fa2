import type { DashboardCheckout, DashboardEvent, Payment, Refund, TimelineEntry } from "../../contract";
import type { PaymentAttemptRow } from "../store/payment-attempts";

/** What the store knows about a payment, for its timeline. */
export interface PaymentHistory {
  payment: Payment;
  checkout?: DashboardCheckout | undefined;
  /** Its checkout's attempt log, in the order it was written (empty for payments older than the log). */
  attempts: Pick<PaymentAttemptRow, "at" | "method" | "outcome" | "reason">[];
  refunds: Refund[];
  events: DashboardEvent[];
}

/** One row of the attempt log as the timeline shows it; `number` counts the attempts so far. */
function attemptEntry(row: PaymentHistory["attempts"][number], number: number): TimelineEntry {
  const { at, method, outcome } = row;
  const reason = row.reason ?? undefined;
  switch (outcome) {
    case "approved":
    case "declined":
    case "timedOut":
      return { at, kind: "attempt", number, method, result: outcome, ...(reason && { reason }) };
    case "challengeRequired":
    case "challengeCompleted":
    case "challengeFailed":
    case "challengeTimedOut":
      return { at, kind: "authentication", method, step: outcome };
    case "mbwayRequested":
      return { at, kind: "mbwayWaiting" };
    case "mbwayCancelled":
      return { at, kind: "mbwayCancelled" };
    case "voucherIssued":
      return { at, kind: "voucherIssued" };
  }
}

/**
 * Everything that happened to a payment, oldest first: its creation, each step of the shopper's
 * attempts (with the decline reasons and 3-D Secure), its confirmation, decline or expiry, each refund
 * and every event it caused.
 */
export function paymentTimeline(history: PaymentHistory): TimelineEntry[] {
  const { payment, checkout } = history;
  const entries: TimelineEntry[] = [{ at: payment.createdAt, kind: "created" }];
  let attempts = 0;
  for (const row of history.attempts) {
    const counted = row.outcome === "approved" || row.outcome === "declined" || row.outcome === "timedOut";
    if (counted) attempts++;
    entries.push(attemptEntry(row, attempts));
  }
  const state = payment.stateDetails.state;
  const finalAt = checkout?.stateDetails.timestamp ?? payment.updatedAt;
  if (state === "confirmed") {
    entries.push({ at: payment.stateDetails.createdAt ?? finalAt, kind: "confirmed" });
  } else if (state === "declined" || state === "expired") {
    // A checkout keeps the reason of its last attempt; a merchant-initiated charge keeps its own.
    const reason = checkout ? checkout.stateDetails.reason : payment.stateDetails.reason;
    entries.push({ at: finalAt, kind: state, ...(reason && { reason }) });
  }
  for (const refund of history.refunds) {
    entries.push({ at: refund.createdAt, kind: "refunded", refundId: refund.id, amount: refund.amount });
  }
  for (const event of history.events)
    entries.push({ at: event.createdAt, kind: "event", eventType: event.type });
  // Stable: at the same instant, what was written first (the attempt, then the state change, then the
  // event it caused) stays first.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
