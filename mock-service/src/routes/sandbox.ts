import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkoutStatus,
  envelope,
  frameCheckout,
  multibancoPaymentRequest,
  payment,
  paymentIdParam,
} from "../../contract";
import type { Ctx } from "../operations/context";
import { simulateMbwayAnswer } from "../operations/mbway";
import { confirmMultibancoPayment } from "../operations/payments";
import { simulateChallengeAnswer } from "../operations/three-ds";
import { merchantOf } from "../plugins/auth";
import { ok } from "../plugins/envelope";

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

  app.post(
    "/sandbox/3ds/:id/:answer",
    {
      schema: {
        tags: ["Sandbox"],
        summary: "Play the shopper completing or failing the 3-D Secure challenge on the issuer's page",
        params: paymentIdParam.extend({ answer: z.enum(["complete", "fail"]) }),
        response: { 200: envelope(checkoutStatus) },
      },
    },
    async (request) =>
      ok(await simulateChallengeAnswer(ctx, merchantOf(request), request.params.id, request.params.answer)),
  );
};
