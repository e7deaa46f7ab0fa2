import { mountFrame } from "../loader/mount-frame";
import { readScriptUrl } from "../loader/script-url";
import type { CheckoutEventMap, mountCheckout as Declared } from "./checkout.mjs";

type Listener = [type: keyof CheckoutEventMap, listener: (event: Event) => void];

/**
 * `checkout.mjs`: the loader's frame, mounted by a single-page app into a container of its choice.
 * Callbacks are listeners of the container's checkout events; `unmount()` removes them all, with
 * the frame and its message listener, so the same element can take another checkout.
 */
export const mountCheckout: typeof Declared = (container, options) => {
  const target = readScriptUrl(options.checkoutUrl);
  if (!target) {
    throw new TypeError(
      "mountCheckout: checkoutUrl must be the checkoutUrl your server got when it created the checkout",
    );
  }
  const { onReady, onBrand, onError, onComplete } = options;
  const listeners: Listener[] = [];
  const on = <K extends keyof CheckoutEventMap>(type: K, call: (event: CheckoutEventMap[K]) => void) =>
    listeners.push([type, call as (event: Event) => void]);
  if (onReady) on("checkout:ready", (event) => onReady(event.detail));
  if (onBrand) on("checkout:brand", (event) => onBrand(event.detail));
  if (onError) on("checkout:error", (event) => onError(event.detail));
  if (onComplete)
    on("checkout:complete", (event) => onComplete(event.detail) === false && event.preventDefault());
  for (const [type, listener] of listeners) container.addEventListener(type, listener);

  const frame = mountFrame(container, target, {
    locale: options.locale,
    brands: options.brands,
    ...options.theme,
  });
  return {
    unmount() {
      frame.unmount();
      for (const [type, listener] of listeners.splice(0)) container.removeEventListener(type, listener);
    },
  };
};
