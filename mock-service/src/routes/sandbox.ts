import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, frameCheckout, multibancoPaymentRequest, payment, paymentIdParam } from "../../contract";
import type { Ctx } from "../operations/context";
import { simulateMbwayAnswer } from "../operations/mbway";
import { confirmMultibancoPayment } from "../operations/payments";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";

/** The simulated outside world: the bank network confirming payments. */
export const sandboxRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/sandbox/multibanco/payments",
    {
      schema: {
        tags: ["Sandbox"],
        summary: "Play the bank network confirming a Multibanco payment",
        body: multibancoPaymentRequest,
        response: { 200: envelope(payment) },
      },
    },
    async (request) => ok(await confirmMultibancoPayment(ctx, merchantOf(request), request.body)),
  );

  app.post(
    "/sandbox/mbway/:id/:answer",
    {
      schema: {
        tags: ["Sandbox"],
        summary: "Play the shopper approving or declining an MB WAY request in the app",
        params: paymentIdParam.extend({ answer: z.enum(["approve", "decline"]) }),
        response: { 200: envelope(frameCheckout) },
      },
    },
    async (request) =>
      ok(await simulateMbwayAnswer(ctx, merchantOf(request), request.params.id, request.params.answer)),
  );
};
