import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkout, checkoutIdParam, checkoutRequest, checkoutStatus, envelope } from "../../contract";
import { createCheckout, getCheckoutStatus } from "../operations/checkouts";
import type { Ctx } from "../operations/context";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";

export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/checkouts",
    {
      schema: {
        tags: ["Checkouts"],
        summary: "Create a checkout",
        body: checkoutRequest,
        response: { 201: envelope(checkout) },
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
        summary: "Read a checkout's state and outcome",
        params: checkoutIdParam,
        response: { 200: envelope(checkoutStatus) },
      },
    },
    async (request) => ok(await getCheckoutStatus(ctx, merchantOf(request), request.params.id)),
  );
};
