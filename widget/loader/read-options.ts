import type { RawOptions } from "../shared/options";

/** The part of COPYandPAY's `window.wpwlOptions` this checkout honours. */
export interface WpwlOptions {
  locale?: unknown;
  onReady?: unknown;
  onError?: unknown;
}

/** The form's `data-*` options; `data-locale` wins over `wpwlOptions.locale`. */
export function readFormOptions(form: HTMLElement, wpwl: WpwlOptions | undefined): RawOptions {
  const { locale, brands, colorPrimary, colorText, colorBackground, borderRadius, fontFamily } = form.dataset;
  return {
    locale: locale ?? wpwl?.locale,
    brands,
    colorPrimary,
    colorText,
    colorBackground,
    borderRadius,
    fontFamily,
  };
}

/** A page's callback: whatever it returns is ignored. */
type Callback = (...args: unknown[]) => unknown;
const isCallback = (value: unknown): value is Callback => typeof value === "function";

/** Calls `wpwlOptions.onReady()` and `onError(error)` on the form's events, as COPYandPAY does. */
export function honourWpwlCallbacks(form: HTMLElement, wpwl: WpwlOptions | undefined): void {
  const { onReady, onError } = wpwl ?? {};
  if (isCallback(onReady)) form.addEventListener("checkout:ready", () => void onReady());
  if (isCallback(onError)) {
    form.addEventListener("checkout:error", (event) => {
      const detail = (event as CustomEvent<{ code: string; message: string }>).detail;
      onError({ name: detail.code, ...detail });
    });
  }
}
