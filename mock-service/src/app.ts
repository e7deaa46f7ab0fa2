import { hash, randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { swaggerOptions } from "./openapi/document";
import { usePlainValidationMessages } from "../contract/error-map";
import type { Ctx } from "./operations/context";
import { logDestination } from "./log-destination";
import { registerAuth } from "./plugins/auth";
import { registerDurability } from "./plugins/durability";
import { registerErrorHandling } from "./plugins/errors";
import { registerIdempotency } from "./plugins/idempotency";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { responseSerializerCompiler } from "./plugins/serializer";
import { chargeRoutes } from "./routes/charges";
import { checkoutRoutes } from "./routes/checkouts";
import { customerRoutes } from "./routes/customers";
import { docsRoutes } from "./routes/docs";
import { embedRoutes } from "./routes/embed";
import { eventRoutes } from "./routes/events";
import { frameApiRoutes } from "./routes/frame-api";
import { paymentRoutes } from "./routes/payments";
import { refundRoutes } from "./routes/refunds";
import { sandboxRoutes } from "./routes/sandbox";
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
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
    done();
  });

  // Per API key on the merchant API, per checkout on the frame API, per address otherwise.
  await app.register(rateLimit, {
    max: ctx.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const params = request.params as { id?: string } | undefined;
      if (request.url.startsWith("/frame-api/") && params?.id) return `checkout:${params.id}`;
      const auth = request.headers.authorization;
      if (auth) return `key:${hash("sha256", auth, "base64url")}`;
      return `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`too many requests, retry after ${context.after}`), { statusCode: 429 }),
  });

  await app.register(swagger, swaggerOptions(ctx.config.PUBLIC_URL));
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  await app.register(docsRoutes);
  await app.register(embedRoutes, { ctx });
  await app.register(frameApiRoutes, { ctx });

  // Merchant API: every route in this scope needs the merchant's key and honours Idempotency-Key.
  await app.register(async (merchantApi) => {
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
