import type { RawOptions } from "./options";

/**
 * The postMessage protocol between the loader (merchant page) and the frame (checkout origin).
 * Only these facts cross: size, title, readiness, the detected brand's name, a decline's code and
 * text, and the final state with its redirect. Card data never does.
 */
export const MESSAGE_SOURCE = "sandbox-checkout";

/**
 * Loader → frame, once the iframe loaded: proves the parent's origin before the frame talks, and
 * carries the merchant's options as the page gave them (the frame checks them: see shared/options).
 */
export interface HelloMessage {
  source: typeof MESSAGE_SOURCE;
  type: "hello";
  options?: RawOptions;
}

/**
 * Loader → frame, after a `done` whose `checkout:complete` the page cancelled: the page stays where it
 * is (a single-page app routes by itself), so the frame no longer says it is taking the shopper back.
 */
export interface StayMessage {
  source: typeof MESSAGE_SOURCE;
  type: "stay";
}

/** Frame → loader. */
export type FramePayload =
  | { type: "size"; height: number }
  | { type: "title"; title: string }
  /** The hello was heard: the frame is ours and allowed here (sent at once). */
  | { type: "connected" }
  /** The form is usable, options applied. */
  | { type: "ready" }
  /** The detected card brand changed: COPYandPAY's name, or null while none is known. */
  | { type: "brand"; brand: string | null }
  /** A decline (code: its reason), or a checkout that cannot be paid (`not_found`, `checkout_closed`). */
  | { type: "error"; code: string; message: string }
  /** A final state: where the shopper goes next (left out when the checkout has no action URL). */
  | { type: "done"; state: string; redirectUrl?: string };
export type FrameMessage = FramePayload & { source: typeof MESSAGE_SOURCE };

export function isProtocolMessage(data: unknown): data is { source: string; type: string } {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { source?: unknown }).source === MESSAGE_SOURCE &&
    typeof (data as { type?: unknown }).type === "string"
  );
}
