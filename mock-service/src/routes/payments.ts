import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { envelope, payment, paymentIdParam, referenceRequest } from "../../contract";
import type { Ctx } from "../operations/context";
import { createReference, getPayment } from "../operations/payments";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments/references",
    {
      schema: {
        tags: ["Payments"],
        operationId: "createPaymentReference",
        summary: "Generate a Multibanco payment reference",
        description:
          "An entity and reference the payer pays at an ATM or in home banking within `validDate`. " +
          "`payment.confirmed` (or `payment.expired`) follows, to `callbackUrl` and your webhooks.",
        body: referenceRequest,
        response: { 201: envelope(payment) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createReference(ctx, merchantOf(request), request.body))),
  );

  app.get(
    "/payments/:id",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getPayment",
        summary: "Read a payment",
        description:
          "A payment of a checkout, of a Multibanco reference or a charge of a saved method: its state, your " +
          "`code` and `summary`, and its refunds.",
        params: paymentIdParam,
        response: { 200: envelope(payment), ...errors(404) },
      },
    },
    async (request) => ok(await getPayment(ctx, merchantOf(request), request.params.id)),
  );
};
