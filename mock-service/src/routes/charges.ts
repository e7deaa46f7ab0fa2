import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chargeRequest, envelope, payment } from "../../contract";
import { chargeSavedMethod } from "../operations/charges";
import type { Ctx } from "../operations/context";
import { merchantOf } from "../plugins/auth";
import { errors } from "../openapi/error-responses";
import { ok } from "../http/envelope";

export const chargeRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/payments",
    {
      schema: {
        tags: ["Payments"],
        operationId: "chargePaymentMethod",
        summary: "Charge a saved payment method",
        description:
          "Charges a customer's saved method without the shopper (merchant-initiated, e.g. a subscription). " +
          "A saved card answers 201 with the payment `confirmed` or `declined` (`stateDetails.reason`); a saved " +
          "MB WAY number answers 202 with the payment `pending` until the customer answers on the phone " +
          "(`payment.confirmed`, `payment.declined` or `payment.expired` follows). A method that is not that " +
          "customer's answers 404.",
        body: chargeRequest,
        response: { 201: envelope(payment), 202: envelope(payment), ...errors(404) },
      },
    },
    async (request, reply) => {
      const { status, payment } = await chargeSavedMethod(ctx, merchantOf(request), request.body);
      return reply.code(status).send(ok(payment));
    },
  );
};
