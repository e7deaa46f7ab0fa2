import type { FrameCheckout } from "@contract/frame";

export interface CheckoutWatcher {
  /** The checkout as it is now, then after every change. */
  onChange: (checkout: FrameCheckout) => void;
  /** The stream could not be opened or was refused: the caller reloads the checkout instead. */
  onLost: () => void;
}

/**
 * Follows the checkout over server-sent events (`/frame-api/checkouts/:id/events`): the service
 * pushes every change, so nothing polls. The service ends the stream once the checkout is final;
 * the watcher closes then, as EventSource would otherwise reconnect. Returns the way to stop.
 */
export function watchCheckout(checkoutId: string, watcher: CheckoutWatcher): () => void {
  const source = new EventSource(`/frame-api/checkouts/${encodeURIComponent(checkoutId)}/events`);
  source.addEventListener("checkout", (event) => {
    let checkout: FrameCheckout;
    try {
      checkout = JSON.parse((event as MessageEvent<string>).data) as FrameCheckout;
    } catch {
      return;
    }
    if (checkout.state !== "PaymentReady") source.close();
    watcher.onChange(checkout);
  });
  // A dropped connection is retried by EventSource itself; a refused one (404, wrong type) is final.
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) watcher.onLost();
  };
  return () => source.close();
}
