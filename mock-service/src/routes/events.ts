import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, eventIdParam, eventListQuery, eventWithDeliveries } from "../../contract";
import type { Ctx } from "../operations/context";
import { getEvent, listEvents, redeliverEvent } from "../operations/events";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

export const eventRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "listEvents",
        summary: "List events with their deliveries, newest first",
        description:
          "Every event sent to you, newest first, with each delivery and attempt; filter by `paymentId` or " +
          "`type`, page with `limit` and `startingAfter`.",
        querystring: eventListQuery,
        response: { 200: envelope(z.array(eventWithDeliveries)) },
      },
    },
    async (request) => ok(await listEvents(ctx, merchantOf(request), request.query)),
  );

  app.get(
    "/events/:id",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "getEvent",
        summary: "Read an event and every delivery attempt",
        description: "One event with its deliveries and every attempt's status code, error and duration.",
        params: eventIdParam,
        response: { 200: envelope(eventWithDeliveries), ...errors(404) },
      },
    },
    async (request) => ok(await getEvent(ctx, merchantOf(request), request.params.id)),
  );

  app.post(
    "/events/:id/redeliver",
    {
      schema: {
        tags: ["Notifications"],
        operationId: "redeliverEvent",
        summary: "Send an event again to all its targets",
        description:
          "Queues the event again for its callbackUrl and current webhook endpoints. With no target left it " +
          "answers 409 `no_deliveries`.",
        params: eventIdParam,
        response: { 202: envelope(eventWithDeliveries), ...errors(404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await redeliverEvent(ctx, merchantOf(request), request.params.id))),
  );
};
