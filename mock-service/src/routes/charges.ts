import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chargeRequest, envelope, payment } from "../../contract";
import { chargeSavedMethod } from "../operations/charges";
import type { Ctx } from "../operations/context";
import { merchantOf } from "../plugins/auth";
import { ok } from "../plugins/envelope";

export const chargeRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments",
    {
      schema: {
        tags: ["Payments"],
        summary: "Charge a saved payment method",
        body: chargeRequest,
        response: { 201: envelope(payment), 202: envelope(payment) },
      },
    },
    async (request, reply) => {
      const { status, payment } = await chargeSavedMethod(ctx, merchantOf(request), request.body);
      return reply.code(status).send(ok(payment));
    },
  );
};
