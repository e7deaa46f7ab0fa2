import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RateLimitError } from "../http/api-error";
import { openEventStream } from "../http/event-stream";
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
    // Reconnect quickly after a restart of the service.
    const stream = openEventStream(request, reply, {
      headers: { "Content-Security-Policy": DASHBOARD_CSP },
      retryMs: 1000,
    });
    stream.send("ready", {});
    stream.onClose(watchMerchant(ctx, merchant.id, () => stream.send("change", {})));
  });
};
