import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkout, checkoutIdParam, checkoutRequest, checkoutStatus, envelope } from "../../contract";
import { createCheckout, getCheckoutStatus } from "../operations/checkouts";
import type { Ctx } from "../operations/context";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/checkouts",
    {
      schema: {
        tags: ["Checkouts"],
        operationId: "createCheckout",
        summary: "Create a checkout",
        description:
          "Creates a checkout for one purchase. Embed its `checkoutUrl` (or its id with the checkout script) in " +
          "your page; the shopper pays in the embedded form, then goes to your `action` redirect. " +
          "`payment.customer.uuid` with `createRegistration` saves the method for later charges.",
        body: checkoutRequest,
        response: { 201: envelope(checkout), ...errors(404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createCheckout(ctx, merchantOf(request), request.body))),
  );

  app.get(
    "/checkouts/:id",
    {
      schema: {
        tags: ["Checkouts"],
        operationId: "getCheckout",
        summary: "Read a checkout's state and outcome",
        description:
          "The checkout's state (`PaymentReady`, `Success`, `Declined`, `Expired`), attempts, decline reason and, " +
          "once paid, how it was paid. Read it when the shopper comes back to your `action` redirect.",
        params: checkoutIdParam,
        response: { 200: envelope(checkoutStatus), ...errors(404) },
      },
    },
    async (request) => ok(await getCheckoutStatus(ctx, merchantOf(request), request.params.id)),
  );
};
