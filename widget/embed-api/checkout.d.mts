/**
 * Types of `<checkout origin>/embed/checkout.mjs`, the checkout's mount API for single-page apps.
 * Served beside it as `/embed/checkout.d.mts`: save both side by side (or point a `paths` entry
 * here) and TypeScript checks your calls.
 */

/** The five languages the form speaks. */
export type Locale = "en" | "pt" | "es" | "fr" | "de";

/** COPYandPAY's card brand names. */
export type CardBrandName = "VISA" | "MASTER" | "AMEX" | "MAESTRO" | "DISCOVER" | "DINERS" | "JCB";

export type FontFamily = "system-ui" | "sans-serif" | "serif" | "monospace";

/** The form's look. Colours as `#rgb`, `#rrggbb` or `rgb(r, g, b)`; radius 0 to 24 px. */
export interface CheckoutTheme {
  /** Buttons and focus rings; darkened when white text on it would be hard to read. */
  colorPrimary?: string;
  colorText?: string;
  colorBackground?: string;
  borderRadius?: number;
  fontFamily?: FontFamily;
}

export interface ReadyDetail {
  checkoutId: string;
}

export interface BrandDetail {
  /** The brand the card number shows, or null while none is known. */
  brand: CardBrandName | null;
}

export interface ErrorDetail {
  checkoutId: string;
  /**
   * A decline's reason (`card_declined`, `insufficient_funds`, `authentication_failed`, …), or
   * `frame_unavailable` when the form could not be loaded (the message then names the cause).
   */
  code: string;
  message: string;
}

export interface CompleteDetail {
  checkoutId: string;
  /**
   * Where the shopper left the form: `Success`, `Declined` or `Expired` (final), or `Pending` when
   * the shopper took a Multibanco voucher and pressed Continue. `Pending` is not paid (like Adyen's
   * Pending or Received): the voucher is paid later at an ATM or in a banking app. Show the order as
   * awaiting payment and do not ship; your server learns the outcome from the `checkout.completed`
   * or `checkout.failed` notification, or from `GET /checkouts/{id}` turning `Success` or `Expired`.
   * In every case, confirm on your server with `GET /checkouts/{id}`.
   */
  state: string;
  /** Where the shopper goes next (the action URL with `?id=`), or null without an action URL. */
  redirectUrl: string | null;
}

/** The events dispatched (bubbling) on the form, or on the container given to `mountCheckout`. */
export interface CheckoutEventMap {
  "checkout:ready": CustomEvent<ReadyDetail>;
  "checkout:brand": CustomEvent<BrandDetail>;
  "checkout:error": CustomEvent<ErrorDetail>;
  /** Cancelable: `preventDefault()` keeps the page where it is. */
  "checkout:complete": CustomEvent<CompleteDetail>;
}

export interface MountOptions {
  /** The `checkoutUrl` your server received when it created the checkout. */
  checkoutUrl: string;
  locale?: Locale;
  /** The card brands to accept; others get the field error "This card brand is not accepted". */
  brands?: CardBrandName[];
  theme?: CheckoutTheme;
  onReady?: (detail: ReadyDetail) => void;
  onBrand?: (detail: BrandDetail) => void;
  onError?: (detail: ErrorDetail) => void;
  /** Return `false` to stay on the page (route by yourself); otherwise the shopper is redirected. */
  onComplete?: (detail: CompleteDetail) => boolean | void;
}

export interface MountedCheckout {
  /** Removes the form and every listener this mount added. */
  unmount(): void;
}

/** Puts the checkout form into `container`. Throws when `checkoutUrl` is not a checkout's URL. */
export declare function mountCheckout(container: HTMLElement, options: MountOptions): MountedCheckout;
