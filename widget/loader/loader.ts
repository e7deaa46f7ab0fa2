import { claimForm, findForm } from "./find-form";
import { mountFrame } from "./mount-frame";
import { readScriptUrl } from "./script-url";

// Captured synchronously: currentScript is only set while this script first runs (sync, async or defer).
const script = document.currentScript as HTMLScriptElement | null;
const target = script ? readScriptUrl(script.src) : undefined;

function mount(): boolean {
  if (!target) return false;
  const form = findForm(script);
  if (!form) return false;
  claimForm(form, target.checkoutId);
  mountFrame(form, target);
  return true;
}

if (!target) {
  console.error("checkout: load this script from the checkoutUrl returned when the checkout was created");
} else if (!mount()) {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => {
      if (!mount()) console.error('checkout: no <form class="paymentWidgets"> found for this script');
    });
  } else {
    console.error('checkout: no <form class="paymentWidgets"> found for this script');
  }
}
