import type { PaymentOutcome, SavedCardPaymentRequest } from "@contract/frame";
import { type CheckoutClient, type PayResult, postJson } from "../../api/frame-api";

/** One-click payment: the saved card's uuid and its security code, never a card number. */
export function payWithSavedCard(
  client: CheckoutClient,
  request: SavedCardPaymentRequest,
): Promise<PayResult> {
  return client.send(
    "/saved-card-payments",
    (outcome: PaymentOutcome) => ({ kind: "outcome" as const, outcome }),
    postJson(request),
  );
}
