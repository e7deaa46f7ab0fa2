import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { usePlainValidationMessages } from "../contract/error-map";
import { loggableUrl } from "./http/loggable-url";
import { swaggerOptions } from "./openapi/document";
import type { Ctx } from "./operations/context";
import { logDestination } from "./log-destination";
import { registerAuth } from "./plugins/auth";
import { registerDurability } from "./plugins/durability";
import { errorBody } from "./http/envelope";
import { registerErrorHandling } from "./plugins/errors";
import { decorateAuthFailures, registerFailedAuthLimit } from "./plugins/failed-auth-limit";
import { registerIdempotency } from "./plugins/idempotency";
import { registerRateLimit } from "./plugins/rate-limit";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerWidgetBuild } from "./plugins/widget-build";
import { responseSerializerCompiler } from "./http/serializer";
import { chargeRoutes } from "./routes/charges";
import { checkoutRoutes } from "./routes/checkouts";
import { customerRoutes } from "./routes/customers";
import { dashboardRoutes } from "./routes/dashboard";
import { docsRoutes } from "./routes/docs";
import { embedRoutes } from "./routes/embed";
import { embedStatusRoutes } from "./routes/embed-status";
import { eventRoutes } from "./routes/events";
import { frameApiRoutes } from "./routes/frame-api";
import { paymentRoutes } from "./routes/payments";
import { refundRoutes } from "./routes/refunds";
import { sandboxRoutes } from "./routes/sandbox";
import { threeDsPageRoutes } from "./routes/three-ds-page";
import { webhookRoutes } from "./routes/webhooks";

export const BODY_LIMIT = 100 * 1024;

/** Log redaction: the API key and every card field never reach a log line. */
const REDACT = [
  "req.headers.authorization",
  'req.headers["idempotency-key"]',
  "*.number",
  "*.cvc",
  "*.card",
  "*.apiKey",
];

export async function buildApp(ctx: Ctx): Promise<FastifyInstance> {
  // Pretty lines on a terminal, buffered JSON otherwise (see log-destination.ts); flushed at close.
  const logOutput = ctx.config.LOG_LEVEL === "silent" ? undefined : logDestination();
  const logFlush = logOutput && setInterval(() => logOutput.flush(), 1000).unref();
  const app = Fastify({
    logger: !logOutput
      ? false
      : {
          level: ctx.config.LOG_LEVEL,
          redact: { paths: REDACT, censor: "[redacted]" },
          stream: logOutput.stream,
        },
    bodyLimit: BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Errors the router raises before any hook (a path segment over 200 characters, a malformed URL)
    // answer in the error envelope like every other bad input.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? "a path segment is longer than 200 characters"
          : error.message;
      void (reply as FastifyReply)
        .code(status)
        .send(errorBody("bad_request", message, [{ path: "url", message }]));
    },
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  usePlainValidationMessages();
  // JSON only: any other content type answers 415 instead of reaching validation as a string.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(ctx.config.VALIDATE_RESPONSES));
  app.addHook("onClose", (_instance, done) => {
    clearInterval(logFlush);
    logOutput?.flushSync();
    done();
  });
  registerErrorHandling(app);
  registerDurability(app, ctx);
  registerSecurityHeaders(app, ctx.config);
  // One line per request, at debug: at the default level the console keeps to what matters.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
    done();
  });

  await registerRateLimit(app, ctx);

  await app.register(swagger, swaggerOptions(ctx.config.PUBLIC_URL));
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  decorateAuthFailures(app);
  await app.register(docsRoutes);
  await registerWidgetBuild(app);
  await app.register(embedRoutes, { ctx });
  await app.register(embedStatusRoutes, { ctx });
  await app.register(frameApiRoutes, { ctx });
  await app.register(threeDsPageRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });

  // Merchant API: every route in this scope needs the merchant's key and honours Idempotency-Key.
  await app.register(async (merchantApi) => {
    registerFailedAuthLimit(merchantApi, ctx.config.AUTH_FAILURES_PER_MINUTE);
    registerAuth(merchantApi, ctx);
    registerIdempotency(merchantApi, ctx);
    for (const routes of [
      checkoutRoutes,
      customerRoutes,
      paymentRoutes,
      chargeRoutes,
      refundRoutes,
      sandboxRoutes,
      webhookRoutes,
      eventRoutes,
    ]) {
      await merchantApi.register(routes, { ctx });
    }
  });
  return app;
}
