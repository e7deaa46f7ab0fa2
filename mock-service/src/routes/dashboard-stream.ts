import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RateLimitError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { openWatchCount, watchMerchant } from "../operations/dashboard-live";
import { merchantOf } from "../plugins/auth";
import { DASHBOARD_CSP } from "../plugins/dashboard-session";

/** Open live streams allowed per merchant (tabs, reconnects): a bound, not a feature. */
const MAX_STREAMS_PER_MERCHANT = 20;

/**
 * Server-sent events: `change` whenever anything the merchant's dashboard shows changed; the page
 * then re-reads what it shows. The events carry no data, so they reveal nothing by themselves.
 */
export const dashboardStream: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get("/dashboard/api/stream", { schema: { hide: true } }, async (request, reply) => {
    const merchant = merchantOf(request);
    if (openWatchCount(ctx, merchant.id) >= MAX_STREAMS_PER_MERCHANT) {
      throw new RateLimitError("too many open dashboards, close some tabs");
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DASHBOARD_CSP,
      Connection: "keep-alive",
    });
    // Reconnect quickly after a restart of the service.
    res.write("retry: 1000\n\nevent: ready\ndata: {}\n\n");
    const stop = watchMerchant(ctx, merchant.id, () => res.write("event: change\ndata: {}\n\n"));
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
    request.raw.on("close", () => {
      stop();
      clearInterval(heartbeat);
      res.end();
    });
  });
};
