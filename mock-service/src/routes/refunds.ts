import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, paymentIdParam, refund, refundRequest } from "../../contract";
import type { Ctx } from "../operations/context";
import { listPaymentRefunds, refundPayment } from "../operations/refunds";
import { merchantOf } from "../plugins/auth";
import { errors } from "../openapi/error-responses";
import { ok } from "../http/envelope";

export const refundRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments/:id/refunds",
    {
      schema: {
        tags: ["Refunds"],
        operationId: "refundPayment",
        summary: "Refund a payment",
        description:
          "Refunds part or all (the default) of what remains of a confirmed card or MB WAY payment; partial " +
          "refunds add up to at most the amount. Multibanco payments answer 409 `refund_not_supported`, " +
          "payments not confirmed 409 `payment_not_refundable`, more than remains 400 " +
          "`amount_exceeds_refundable`. Sends `payment.refunded`.",
        params: paymentIdParam,
        body: refundRequest,
        response: { 201: envelope(refund), ...errors(404, 409) },
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
        operationId: "listRefunds",
        summary: "List a payment's refunds",
        description: "The payment's refunds, oldest first.",
        params: paymentIdParam,
        response: { 200: envelope(z.array(refund)), ...errors(404) },
      },
    },
    async (request) => ok(await listPaymentRefunds(ctx, merchantOf(request), request.params.id)),
  );
};
