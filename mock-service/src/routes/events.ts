import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, eventIdParam, eventListQuery, eventWithDeliveries } from "../../contract";
import type { Ctx } from "../operations/context";
import { getEvent, listEvents, redeliverEvent } from "../operations/events";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";

export const eventRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["Notifications"],
        summary: "List events with their deliveries, newest first",
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
        summary: "Read an event and every delivery attempt",
        params: eventIdParam,
        response: { 200: envelope(eventWithDeliveries) },
      },
    },
    async (request) => ok(await getEvent(ctx, merchantOf(request), request.params.id)),
  );

  app.post(
    "/events/:id/redeliver",
    {
      schema: {
        tags: ["Notifications"],
        summary: "Send an event again to all its targets",
        params: eventIdParam,
        response: { 202: envelope(eventWithDeliveries) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await redeliverEvent(ctx, merchantOf(request), request.params.id))),
  );
};
