import { localeOf } from "../shared/options";
import { emit } from "./checkout-events";
import { claimForm, findForm, isParsed } from "./find-form";
import { mountFrame } from "./mount-frame";
import { honourWpwlCallbacks, readFormOptions, type WpwlOptions } from "./read-options";
import { readScriptUrl } from "./script-url";
import { pageLocale, showUnavailable } from "./unavailable";

// Captured synchronously: currentScript is only set while this script first runs (sync, async or defer).
const script = document.currentScript as HTMLScriptElement | null;
const target = script ? readScriptUrl(script.src) : undefined;
const WRONG_URL = "load this script from the checkoutUrl returned when the checkout was created";

/**
 * A mistyped or cut script URL: the form says it cannot load, and the page hears why once it is
 * parsed (a listener in a later script hears it too).
 */
function refuse(form: HTMLFormElement, locale: unknown): void {
  const checkoutId = /\/embed\/([^/?#]*)/.exec(script?.src ?? "")?.[1] ?? "";
  showUnavailable(form, pageLocale(localeOf(locale)));
  const tell = () =>
    emit(form, "checkout:error", { checkoutId, code: "frame_unavailable", message: WRONG_URL });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tell);
  else tell();
}

function mount(whenParsed = false): boolean {
  const form = findForm(script);
  if (!form || (whenParsed && !isParsed(form))) return false;
  const wpwl = (window as { wpwlOptions?: WpwlOptions }).wpwlOptions;
  const options = readFormOptions(form, wpwl);
  claimForm(form, target?.checkoutId ?? "");
  honourWpwlCallbacks(form, wpwl);
  if (target) mountFrame(form, target, options);
  else refuse(form, options.locale);
  return true;
}

const missing = () => console.error('checkout: no <form class="paymentWidgets"> found for this script');

if (!target) console.error(`checkout: ${WRONG_URL}`);
if (!mount()) {
  if (document.readyState === "loading") {
    // The form comes later in the page (script in head, async): mount as soon as the parser is past
    // it, so the frame loads alongside the rest of the page rather than after all of it.
    let mounted = false;
    const observer = new MutationObserver(() => {
      mounted = mount(true);
      if (mounted) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      observer.disconnect();
      if (!mounted && !mount()) missing();
    });
  } else {
    missing();
  }
}
