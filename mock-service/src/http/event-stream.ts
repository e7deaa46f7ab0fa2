import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A comment line this often keeps proxies and browsers from dropping an idle stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Writes one event (`event: <name>`, its data as JSON); nothing once the stream is closed. */
  send(event: string, data: unknown): void;
  /** Ends the stream (once), running every cleanup. */
  close(): void;
  /** Runs `cleanup` when the stream closes: the client left, or `close()`; at once if it already has. */
  onClose(cleanup: () => void): void;
}

/**
 * Answers with server-sent events on the hijacked reply: the headers, a heartbeat, and one close
 * whether the client leaves or the route ends it. `retryMs` tells the browser how soon to reconnect.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { headers?: OutgoingHttpHeaders; retryMs?: number } = {},
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "keep-alive",
    ...options.headers,
  });
  if (options.retryMs !== undefined) res.write(`retry: ${options.retryMs}\n\n`);
  let closed = false;
  const cleanups: (() => void)[] = [];
  const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups.splice(0)) cleanup();
    res.end();
  };
  request.raw.on("close", close);
  // A client gone before the stream opened would never emit "close" again.
  if (res.destroyed || res.socket?.destroyed) close();
  return {
    send(event, data) {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
  };
}
