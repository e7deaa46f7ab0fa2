import type { MbwayPaymentRequest } from "../../../../mock-service/contract/frame";
import type { CheckoutWatcher } from "../../api/checkout-events";
import type { CheckoutResult } from "../../api/frame-api";

/** What the MB WAY component needs from the service, already bound to the checkout. */
export interface MbwayApi {
  start(phone: MbwayPaymentRequest): Promise<CheckoutResult>;
  cancel(): Promise<CheckoutResult>;
  /** Follows the checkout's changes; returns the way to stop. */
  watch(watcher: CheckoutWatcher): () => void;
}
