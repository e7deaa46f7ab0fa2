import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/** Headers every response carries (and its request id); the frame page adds its own CSP and frame-ancestors. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.PUBLIC_URL.startsWith("https:");
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("X-Request-Id", request.id);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (https) reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (!reply.hasHeader("X-Frame-Options") && !reply.hasHeader("Content-Security-Policy")) {
      reply.header("X-Frame-Options", "DENY");
    }
    done(null, payload);
  });
}
