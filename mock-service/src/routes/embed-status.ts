import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkoutIdParam, embedStatus, embedStatusQuery, envelope } from "../../contract";
import type { Ctx } from "../operations/context";
import { getEmbedStatus } from "../operations/embed-status";
import { ok } from "../http/envelope";

/**
 * Asked by the loader from the merchant's page (another origin) when the frame did not load: it
 * answers with CORS for any origin, since it says only what the frame page shows anyone with the id.
 */
export const embedStatusRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    "/embed/:id/status",
    {
      schema: {
        tags: ["Checkout frame"],
        summary: "Whether a page's origin may show the checkout's frame, and whether it can be paid",
        params: checkoutIdParam,
        querystring: embedStatusQuery,
        response: { 200: envelope(embedStatus) },
      },
    },
    async (request, reply) => {
      reply.header("Access-Control-Allow-Origin", "*").header("Cache-Control", "no-store");
      return ok(await getEmbedStatus(ctx, request.params.id, request.query.origin));
    },
  );
};
