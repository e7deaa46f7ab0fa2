import Fastify, { type FastifyInstance, LogController } from "fastify";
import { usePlainValidationMessages } from "../../mock-service/contract/error-map";
import { logDestination } from "../../mock-service/src/log-destination";
import type { ShopDeps } from "./deps";
import { PaymentsApiError, PaymentsUnavailableError } from "./payments-client";
import { assetRoutes } from "./routes/asset-routes";
import { customerRoutes } from "./routes/customer-routes";
import { multibancoRoutes } from "./routes/multibanco-routes";
import { notificationRoutes } from "./routes/notification-routes";
import { paymentRoutes } from "./routes/payment-routes";
import { shopRoutes } from "./routes/shop-routes";
import { registerSameOriginPosts, registerSecurityHeaders } from "./security-headers";
import { errorPage } from "./views/error-page";

const FORM_LIMIT = 16 * 1024;
const NOTIFICATION_LIMIT = 256 * 1024;

/** The shop: HTML pages, the notification receivers and two static files. */
export async function buildShopApp(deps: ShopDeps): Promise<FastifyInstance> {
  usePlainValidationMessages();
  const app = Fastify({
    logger:
      deps.config.logLevel === "silent"
        ? false
        : {
            level: deps.config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            stream: logDestination().stream,
          },
    logController: new LogController({ disableRequestLogging: deps.config.logLevel !== "debug" }),
    routerOptions: { maxParamLength: 200 },
  });

  // Forms arrive URL-encoded; notifications arrive as JSON and are kept raw, for the signature check.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: NOTIFICATION_LIMIT },
    (_request, body, done) => done(null, body),
  );

  registerSecurityHeaders(app);
  registerSameOriginPosts(app, "/webhooks/");

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PaymentsUnavailableError) {
      request.log.error({ err: error }, "payment service unavailable");
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send(
          errorPage(
            "Payments are unavailable",
            "We could not reach the payment service just now. Please try again in a moment.",
          ),
        );
    }
    if (error instanceof PaymentsApiError && error.status === 404) {
      return reply
        .code(404)
        .type("text/html; charset=utf-8")
        .send(errorPage("Not found", "We could not find what you were looking for."));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .type("text/html; charset=utf-8")
        .send(
          errorPage(
            "That did not work",
            "The request could not be understood. Please go back and try again.",
          ),
        );
    }
    request.log.error({ err: error }, "unexpected error");
    return reply
      .code(500)
      .type("text/html; charset=utf-8")
      .send(errorPage("Something went wrong", "Something went wrong on our side. Please try again."));
  });

  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send(errorPage("Page not found", "There is no page at this address.")),
  );

  // Ready once the webhook endpoint is registered: before that, notifications could not be verified.
  app.get("/health", async (_request, reply) =>
    deps.webhookSecret() === undefined
      ? reply.code(503).send({ ok: false, waiting: "webhook registration" })
      : { ok: true },
  );

  await app.register(assetRoutes);
  await app.register(shopRoutes, { deps });
  await app.register(customerRoutes, { deps });
  await app.register(multibancoRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(paymentRoutes, { deps });
  return app;
}
