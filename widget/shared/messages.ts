/**
 * The postMessage protocol between the loader (merchant page) and the frame (checkout origin).
 * Only size, title and the final redirect ever cross; card data never does.
 */
export const MESSAGE_SOURCE = "sandbox-checkout";

/** Loader → frame, once the iframe loaded: proves the parent's origin before the frame talks. */
export interface HelloMessage {
  source: typeof MESSAGE_SOURCE;
  type: "hello";
}

/** Frame → loader. */
export type FramePayload =
  { type: "size"; height: number } | { type: "title"; title: string } | { type: "done"; redirectUrl: string };
export type FrameMessage = FramePayload & { source: typeof MESSAGE_SOURCE };

export function isProtocolMessage(data: unknown): data is { source: string; type: string } {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { source?: unknown }).source === MESSAGE_SOURCE &&
    typeof (data as { type?: unknown }).type === "string"
  );
}
