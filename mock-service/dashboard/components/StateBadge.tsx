import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";

const LABELS: Record<string, MessageKey> = {
  pending: "statePending",
  confirmed: "stateConfirmed",
  declined: "stateDeclined",
  expired: "stateExpired",
  PaymentReady: "statePaymentReady",
  Success: "stateSuccess",
  Declined: "stateDeclined",
  Expired: "stateExpired",
  succeeded: "deliverySucceeded",
  failed: "deliveryFailed",
};

const TONES: Record<string, string> = {
  pending: "waiting",
  PaymentReady: "waiting",
  confirmed: "good",
  Success: "good",
  succeeded: "good",
  declined: "bad",
  Declined: "bad",
  failed: "bad",
  expired: "neutral",
  Expired: "neutral",
};

/** A state in words (the colour only repeats it). */
export function StateBadge({ state }: { state: string }) {
  const key = LABELS[state];
  return <span class={`badge badge-${TONES[state] ?? "neutral"}`}>{key ? t(key) : state}</span>;
}
