/** How a reference's state reads to a person; shared by the pages and the live-status stream. */
export const PAYMENT_STATE_LABELS: Record<string, string> = {
  pending: "Waiting for payment",
  confirmed: "Paid",
  expired: "Expired",
  declined: "Declined",
};

export function paymentStateLabel(state: string): string {
  return PAYMENT_STATE_LABELS[state] ?? state;
}
