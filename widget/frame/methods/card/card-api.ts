import type { CardPaymentRequest, PaymentOutcome } from "@contract/frame";
import { type CheckoutClient, type PayResult, postJson } from "../../api/frame-api";

/** Sends the card once; the number and code go only to the checkout origin, never elsewhere. */
export function payWithCard(client: CheckoutClient, card: CardPaymentRequest): Promise<PayResult> {
  return client.send(
    "/card-payments",
    (outcome: PaymentOutcome) => ({ kind: "outcome" as const, outcome }),
    postJson(card),
  );
}
