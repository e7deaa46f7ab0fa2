import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { receiverUrls, type ShopDeps } from "../deps";
import { receiveNotification } from "../receive-notification";
import { notificationsPage } from "../views/notifications-page";

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

/** The two receivers the service posts to, and the page listing what they received. */
export const notificationRoutes: FastifyPluginAsync<{ deps: ShopDeps }> = async (app, { deps }) => {
  const { records, live, config } = deps;

  function receive(endpoint: "webhook" | "callback", secret: string | undefined, request: FastifyRequest) {
    const outcome = receiveNotification(
      {
        endpoint,
        rawBody: typeof request.body === "string" ? request.body : "",
        signatureHeader: header(request, "x-signature"),
        eventIdHeader: header(request, "x-event-id"),
        secret,
      },
      records,
      live,
    );
    const { eventId, signatureValid, problem } = outcome.record;
    if (signatureValid) request.log.info({ endpoint, eventId }, "notification received");
    else request.log.warn({ endpoint, eventId, problem }, "notification refused: not signed by the service");
    return {
      code: outcome.status,
      body: outcome.status === 200 ? { received: true } : { error: "rejected" },
    };
  }

  // Webhook deliveries are signed with the endpoint's secret (returned when it was registered).
  app.post("/webhooks/payments", async (request, reply) => {
    const answer = receive("webhook", deps.webhookSecret(), request);
    return reply.code(answer.code).send(answer.body);
  });

  // callbackUrl deliveries are signed with the merchant's signing secret.
  app.post("/webhooks/callback", async (request, reply) => {
    const answer = receive("callback", config.signingSecret, request);
    return reply.code(answer.code).send(answer.body);
  });

  app.get("/notifications", async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(notificationsPage(records.listNotifications(), records.listRejected(), receiverUrls(config))),
  );
};
