import { type FramePayload, isProtocolMessage, MESSAGE_SOURCE } from "../../shared/messages";

/**
 * Talks to the merchant page's loader. The parent's origin comes from the iframe URL's fragment,
 * but the frame only speaks once the loader has said hello from exactly that origin and window;
 * every message is then posted with that origin as target, so no other page can read it.
 */
export interface ParentChannel {
  send(message: FramePayload): void;
}

export function parentOriginFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get("origin");
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `onHello` receives the merchant's options from the hello (unchecked: see `receiveOptions`); the
 * frame answers `connected` at once, so the loader knows its load was not refused. `onStay` hears
 * that the page cancelled the redirect after a final state.
 */
export function connectParent(
  parentOrigin: string | undefined,
  win: Window = window,
  onHello: (options: unknown) => void = () => {},
  onStay: () => void = () => {},
): ParentChannel {
  const parent = win.parent;
  let ready = false;
  const queue: FramePayload[] = [];
  const post = (message: FramePayload) =>
    parent.postMessage({ ...message, source: MESSAGE_SOURCE }, parentOrigin as string);

  if (parentOrigin && parent !== win) {
    win.addEventListener("message", (event) => {
      if (event.origin !== parentOrigin || event.source !== parent || !isProtocolMessage(event.data)) return;
      if (ready) return event.data.type === "stay" && onStay();
      if (event.data.type !== "hello") return;
      ready = true;
      post({ type: "connected" });
      onHello((event.data as { options?: unknown }).options);
      for (const message of queue.splice(0)) post(message);
    });
  }

  return {
    send(message) {
      if (!parentOrigin || parent === win) return;
      if (!ready) {
        // Only the latest size, title and brand matter; the other facts must never be dropped.
        const at = queue.findIndex((queued) => queued.type === message.type);
        if (at >= 0 && /^(size|title|brand)$/.test(message.type)) queue.splice(at, 1);
        queue.push(message);
        return;
      }
      post(message);
    },
  };
}

/**
 * Reports the document's height whenever it changes, so the iframe never scrolls or clips. The
 * observer reports once the first layout is done, and its entries carry the size: nothing here
 * forces a layout of its own.
 */
export function reportSize(channel: ParentChannel, doc: Document = document): void {
  new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.borderBoxSize?.[0];
    const height = box ? box.blockSize : doc.documentElement.getBoundingClientRect().height;
    channel.send({ type: "size", height: Math.ceil(height) });
  }).observe(doc.documentElement);
}
