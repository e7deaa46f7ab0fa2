import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, paymentIdParam, refund, refundRequest } from "../../contract";
import type { Ctx } from "../operations/context";
import { listPaymentRefunds, refundPayment } from "../operations/refunds";
import { merchantOf } from "../plugins/auth";
import { ok } from "../plugins/envelope";

export const refundRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments/:id/refunds",
    {
      schema: {
        tags: ["Refunds"],
        summary: "Refund a payment",
        params: paymentIdParam,
        body: refundRequest,
        response: { 201: envelope(refund) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await refundPayment(ctx, merchantOf(request), request.params.id, request.body))),
  );

  app.get(
    "/payments/:id/refunds",
    {
      schema: {
        tags: ["Refunds"],
        summary: "List a payment's refunds",
        params: paymentIdParam,
        response: { 200: envelope(z.array(refund)) },
      },
    },
    async (request) => ok(await listPaymentRefunds(ctx, merchantOf(request), request.params.id)),
  );
};
