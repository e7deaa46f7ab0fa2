import { type FrameMessage, type HelloMessage, isProtocolMessage, MESSAGE_SOURCE } from "../shared/messages";
import { httpUrl } from "../shared/http-url";
import type { ScriptTarget } from "./script-url";

/**
 * Puts the checkout iframe into the form and relays what the frame reports: its height, its title,
 * and, at the end, the redirect URL the service computed from the checkout's registered action URL.
 */
export function mountFrame(form: HTMLFormElement, target: ScriptTarget): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.title = "Card payment";
  // allow-modals: the Multibanco voucher's print button; clipboard-write: its copy buttons.
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms allow-modals");
  iframe.allow = "clipboard-write";
  // CSSOM assignments, not a style attribute: they work under a merchant CSP without 'unsafe-inline'.
  iframe.style.display = "block";
  iframe.style.width = "100%";
  iframe.style.border = "0";
  iframe.style.height = "360px";
  iframe.src = `${target.origin}/checkout-frame/${target.checkoutId}#origin=${encodeURIComponent(location.origin)}`;

  iframe.addEventListener("load", () => {
    const hello: HelloMessage = { source: MESSAGE_SOURCE, type: "hello" };
    iframe.contentWindow?.postMessage(hello, target.origin);
  });

  window.addEventListener("message", (event) => {
    if (event.origin !== target.origin || event.source !== iframe.contentWindow) return;
    if (!isProtocolMessage(event.data)) return;
    const message = event.data as FrameMessage;
    if (message.type === "size" && Number.isFinite(message.height) && message.height > 0) {
      iframe.style.height = `${Math.ceil(Math.min(message.height, 5000))}px`;
    } else if (message.type === "title" && typeof message.title === "string") {
      iframe.title = message.title.slice(0, 100);
    } else if (message.type === "done") {
      navigateTo(message.redirectUrl);
    }
  });

  form.appendChild(iframe);
  return iframe;
}

function navigateTo(redirectUrl: unknown): void {
  const url = httpUrl(redirectUrl);
  if (url) location.assign(url.href);
}
