import type { ErrorCode } from "../../mock-service/contract/errors";
import type { CardBrandName } from "../embed-api/checkout.mjs";
import { httpUrl } from "../shared/http-url";
import {
  type FrameMessage,
  type HelloMessage,
  isProtocolMessage,
  MESSAGE_SOURCE,
  type StayMessage,
} from "../shared/messages";
import { localeOf, type RawOptions } from "../shared/options";
import { emit } from "./checkout-events";
import { diagnose, type Symptom } from "./diagnose";
import type { ScriptTarget } from "./script-url";
import { pageLocale, showUnavailable } from "./unavailable";

/** The frame must say it is ready within this time, or it is reported as not loaded. */
export const READY_TIMEOUT_MS = 8000;
/** Our frame answers the hello at once; a page that does not (a refused load) is not our frame. */
export const CONNECT_TIMEOUT_MS = 2000;
const FRAME_UNAVAILABLE: ErrorCode = "frame_unavailable";

export interface MountedFrame {
  iframe: HTMLIFrameElement;
  /** Removes the frame (or the notice that replaced it), its listener and its timers. */
  unmount(): void;
}

/**
 * Puts the checkout iframe into the form (or container) and relays what the frame reports as DOM
 * events: ready, brand, error and complete (the redirect follows unless a listener cancelled it).
 * The frame stays hidden until it says it is ready with the options applied; when it does not load,
 * a notice replaces it and the console says why.
 */
export function mountFrame(host: HTMLElement, target: ScriptTarget, options: RawOptions = {}): MountedFrame {
  const { checkoutId } = target;
  const iframe = document.createElement("iframe");
  iframe.title = "Card payment";
  // allow-modals: the Multibanco voucher's print button; clipboard-write: its copy buttons.
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms allow-modals");
  iframe.allow = "clipboard-write";
  // CSSOM assignments, not a style attribute: they work under a merchant CSP without 'unsafe-inline'.
  const style = iframe.style;
  style.display = "block";
  style.width = "100%";
  style.border = "0";
  style.height = "360px";
  style.visibility = "hidden";
  iframe.src = `${target.origin}/checkout-frame/${checkoutId}#origin=${encodeURIComponent(location.origin)}`;

  let phase: "loading" | "ready" | "failed" | "gone" = "loading";
  let connected = false;
  let notice: HTMLElement | undefined;
  const timers: number[] = [];
  const clearTimers = () => timers.splice(0).forEach((timer) => clearTimeout(timer));
  const settle = (next: "ready" | "failed") => {
    phase = next;
    clearTimers();
    style.visibility = "";
  };

  const unavailable = (cause: string) => {
    console.error(`checkout: the payment form could not be loaded: ${cause}`);
    emit(host, "checkout:error", { checkoutId, code: FRAME_UNAVAILABLE, message: cause });
  };

  const fail = (symptom: Symptom) => {
    if (phase !== "loading") return;
    settle("failed");
    iframe.remove();
    notice = showUnavailable(host, pageLocale(localeOf(options.locale)));
    void diagnose(target, symptom).then((cause) => phase !== "gone" && unavailable(cause));
  };

  iframe.addEventListener("load", () => {
    const hello: HelloMessage = { source: MESSAGE_SOURCE, type: "hello", options };
    iframe.contentWindow?.postMessage(hello, target.origin);
    timers.push(window.setTimeout(() => connected || fail("refused"), CONNECT_TIMEOUT_MS));
  });
  timers.push(window.setTimeout(() => fail("timeout"), READY_TIMEOUT_MS));

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== target.origin || event.source !== iframe.contentWindow) return;
    if (!isProtocolMessage(event.data)) return;
    const message = event.data as FrameMessage;
    switch (message.type) {
      case "connected":
        connected = true;
        break;
      case "size":
        if (Number.isFinite(message.height) && message.height > 0) {
          style.height = `${Math.ceil(Math.min(message.height, 5000))}px`;
        }
        break;
      case "title":
        if (typeof message.title === "string") iframe.title = message.title.slice(0, 100);
        break;
      case "ready":
        if (phase !== "loading") break;
        settle("ready");
        emit(host, "checkout:ready", { checkoutId });
        break;
      case "brand":
        emit(host, "checkout:brand", {
          brand: typeof message.brand === "string" ? (message.brand as CardBrandName) : null,
        });
        break;
      case "error": {
        const text = String(message.message).slice(0, 300);
        if (phase === "loading") {
          // The frame loaded but shows why this checkout cannot be paid (in the shopper's language).
          settle("failed");
          unavailable(
            `checkout ${checkoutId} is ${message.code === "not_found" ? "unknown" : "expired or paid"}`,
          );
        } else {
          emit(host, "checkout:error", { checkoutId, code: String(message.code), message: text });
        }
        break;
      }
      case "done": {
        const url = httpUrl(message.redirectUrl);
        const detail = { checkoutId, state: String(message.state), redirectUrl: url ? url.href : null };
        if (!emit(host, "checkout:complete", detail)) {
          const stay: StayMessage = { source: MESSAGE_SOURCE, type: "stay" };
          iframe.contentWindow?.postMessage(stay, target.origin);
        } else if (url) location.assign(url.href);
        break;
      }
    }
  };
  window.addEventListener("message", onMessage);

  host.appendChild(iframe);
  return {
    iframe,
    unmount() {
      phase = "gone";
      clearTimers();
      window.removeEventListener("message", onMessage);
      iframe.remove();
      notice?.remove();
    },
  };
}
