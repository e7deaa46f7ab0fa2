import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { envelope, payment, paymentIdParam, referenceRequest } from "../../contract";
import type { Ctx } from "../operations/context";
import { createReference, getPayment } from "../operations/payments";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments/references",
    {
      schema: {
        tags: ["Payments"],
        summary: "Generate a Multibanco payment reference",
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
        summary: "Read a payment's status",
        params: paymentIdParam,
        response: { 200: envelope(payment) },
      },
    },
    async (request) => ok(await getPayment(ctx, merchantOf(request), request.params.id)),
  );
};
