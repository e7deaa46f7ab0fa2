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

function mount(whenParsed = false): boolean {
  if (!target) return false;
  const form = findForm(script);
  if (!form || (whenParsed && !isParsed(form))) return false;
  claimForm(form, target.checkoutId);
  const wpwl = (window as { wpwlOptions?: WpwlOptions }).wpwlOptions;
  honourWpwlCallbacks(form, wpwl);
  mountFrame(form, target, readFormOptions(form, wpwl));
  return true;
}

const missing = () => console.error('checkout: no <form class="paymentWidgets"> found for this script');

if (!target) {
  const cause = "load this script from the checkoutUrl returned when the checkout was created";
  console.error(`checkout: ${cause}`);
  // A mistyped or cut URL: the form still says it cannot load, and the page hears why.
  const form = findForm(script);
  if (form) {
    showUnavailable(form, pageLocale(localeOf(form.dataset.locale)));
    const checkoutId = /\/embed\/([^/?#]*)/.exec(script?.src ?? "")?.[1] ?? "";
    emit(form, "checkout:error", { checkoutId, code: "frame_unavailable", message: cause });
  }
} else if (!mount()) {
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
