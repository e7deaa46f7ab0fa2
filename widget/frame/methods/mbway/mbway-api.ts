import type { MbwayPaymentRequest } from "@contract/frame";
import type { CheckoutWatcher } from "../../api/checkout-events";
import { asCheckout, type CheckoutClient, type CheckoutResult, postJson } from "../../api/frame-api";

/** What the MB WAY component needs from the service, already bound to the checkout. */
export interface MbwayApi {
  start(phone: MbwayPaymentRequest): Promise<CheckoutResult>;
  cancel(): Promise<CheckoutResult>;
  /** Follows the checkout's changes; returns the way to stop. */
  watch(watcher: CheckoutWatcher): () => void;
}

export function mbwayApi(client: CheckoutClient): MbwayApi {
  return {
    // Asks for approval in the shopper's MB WAY app; the checkout comes back waiting (202).
    start: (phone) => client.send("/mbway-payments", asCheckout, postJson(phone)),
    // Stops waiting for the approval; no attempt is used.
    cancel: () => client.send("/mbway-payments", asCheckout, { method: "DELETE" }),
    watch: (watcher) => client.watch(watcher),
  };
}
