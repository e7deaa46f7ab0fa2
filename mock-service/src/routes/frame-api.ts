import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cardPaymentRequest, checkoutIdParam, envelope, frameCheckout, paymentOutcome } from "../../contract";
import type { Ctx } from "../operations/context";
import { getFrameCheckout, payWithCard } from "../operations/frame";
import { ok } from "../plugins/envelope";

/**
 * The checkout frame's API, authorised by the checkout id alone (no merchant key in any browser).
 * Called only from the frame's own origin, so it sends no CORS headers.
 */
export const frameApiRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  });

  app.get(
    "/frame-api/checkouts/:id",
    {
      schema: {
        tags: ["Checkout frame"],
        summary: "What the checkout frame shows (no secrets)",
        params: checkoutIdParam,
        response: { 200: envelope(frameCheckout) },
      },
    },
    async (request) => ok(await getFrameCheckout(ctx, request.params.id)),
  );

  app.post(
    "/frame-api/checkouts/:id/card-payments",
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["Checkout frame"],
        summary: "Pay the checkout with a card",
        params: checkoutIdParam,
        body: cardPaymentRequest,
        response: { 200: envelope(paymentOutcome) },
      },
    },
    async (request) => ok(await payWithCard(ctx, request.params.id, request.body)),
  );
};
