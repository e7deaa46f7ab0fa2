import type { FastifyInstance, FastifyReply } from "fastify";

const BASE_POLICY = {
  "default-src": "'self'",
  "script-src": "'self'",
  "style-src": "'self'",
  "img-src": "'self' data:",
  "connect-src": "'self'",
  "frame-src": "'none'",
  "form-action": "'self'",
  "base-uri": "'none'",
  "object-src": "'none'",
  "frame-ancestors": "'none'",
};

function policy(extra: Partial<Record<keyof typeof BASE_POLICY, string>> = {}): string {
  return Object.entries({ ...BASE_POLICY, ...extra })
    .map(([directive, value]) => `${directive} ${value}`)
    .join("; ");
}

/** Lets one page load the checkout's script and frame from the payment service's origin. */
export function allowCheckoutOrigin(reply: FastifyReply, checkoutUrl: string): void {
  const origin = new URL(checkoutUrl).origin;
  reply.header(
    "Content-Security-Policy",
    policy({ "script-src": `'self' ${origin}`, "frame-src": origin, "connect-src": `'self' ${origin}` }),
  );
}

/** A strict CSP (no inline script or style anywhere) and the usual hardening headers on every answer. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", policy());
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    return payload;
  });
}

/**
 * Refuses form posts from other sites (a cheap CSRF guard; the shop has no sessions to tie a token to).
 * Browsers send Origin on every POST; the notification receivers are exempt, they check signatures.
 */
export function registerSameOriginPosts(app: FastifyInstance, exemptPrefix: string): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "POST" || request.url.startsWith(exemptPrefix)) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const foreignOrigin = origin !== undefined && hostOf(origin) !== request.headers.host;
    if (foreignOrigin || site === "cross-site") {
      return reply
        .code(403)
        .type("text/plain; charset=utf-8")
        .send("Cross-site form posts are not accepted.");
    }
  });
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // "null" or garbage: not this site
  }
}
