import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  envelope,
  webhook,
  webhookCreate,
  webhookDeleted,
  webhookIdParam,
  webhookWithSecret,
} from "../../contract";
import type { Ctx } from "../operations/context";
import { createWebhook, listWebhooks, removeWebhook } from "../operations/webhooks";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/webhooks",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "createWebhookEndpoint",
        summary: "Register a webhook endpoint",
        description:
          "Registers a URL to notify of the given event types (all when left out). The answer carries the " +
          "secret its deliveries are signed with, shown this once. A URL registered already answers 409 " +
          "`webhook_exists` naming the existing endpoint.",
        body: webhookCreate,
        response: { 201: envelope(webhookWithSecret), ...errors(409) },
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
        operationId: "listWebhookEndpoints",
        summary: "List webhook endpoints",
        description: "Your webhook endpoints, oldest first, without their secrets.",
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
        operationId: "deleteWebhookEndpoint",
        summary: "Remove a webhook endpoint",
        description: "Removes the endpoint: nothing more is sent to it, pending deliveries included.",
        params: webhookIdParam,
        response: { 200: envelope(webhookDeleted), ...errors(404) },
      },
    },
    async (request) => {
      await removeWebhook(ctx, merchantOf(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
};
