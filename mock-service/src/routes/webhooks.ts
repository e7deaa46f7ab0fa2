import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, webhook, webhookCreate, webhookIdParam, webhookWithSecret } from "../../contract";
import type { Ctx } from "../operations/context";
import { createWebhook, listWebhooks, removeWebhook } from "../operations/webhooks";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";

export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/webhooks",
    {
      schema: {
        tags: ["Notifications"],
        summary: "Register a webhook endpoint",
        body: webhookCreate,
        response: { 201: envelope(webhookWithSecret) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createWebhook(ctx, merchantOf(request), request.body))),
  );

  app.get(
    "/webhooks",
    {
      schema: {
        tags: ["Notifications"],
        summary: "List webhook endpoints",
        response: { 200: envelope(z.array(webhook)) },
      },
    },
    async (request) => ok(await listWebhooks(ctx, merchantOf(request))),
  );

  app.delete(
    "/webhooks/:id",
    {
      schema: {
        tags: ["Notifications"],
        summary: "Remove a webhook endpoint",
        params: webhookIdParam,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await removeWebhook(ctx, merchantOf(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
};
