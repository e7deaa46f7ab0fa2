import type { CheckoutEventMap } from "../embed-api/checkout.mjs";

type Detail<K extends keyof CheckoutEventMap> = CheckoutEventMap[K]["detail"];

/**
 * Dispatches one of the checkout's DOM events on the form (or the mount container), bubbling.
 * Returns false when a listener cancelled it (only `checkout:complete` is cancelable).
 */
export function emit<K extends keyof CheckoutEventMap>(
  host: HTMLElement,
  type: K,
  detail: Detail<K>,
): boolean {
  const cancelable = type === "checkout:complete";
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, cancelable }));
}
