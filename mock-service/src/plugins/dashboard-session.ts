import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AuthenticationError, ForbiddenError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { getSessionMerchant } from "../operations/dashboard-sessions";

/*
 * The dashboard's access rules: a session cookie instead of the API key, Origin checked on every
 * state-changing request, and a strict CSP on everything it serves.
 */

export const SESSION_COOKIE = "sandbox_dashboard";
const COOKIE_PATH = "/dashboard";

declare module "fastify" {
  interface FastifyRequest {
    /** The dashboard session id from the cookie, once the session was found live. */
    dashboardSession: string | undefined;
  }
}

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** CSP, no framing and no caching on every dashboard page and answer (hashed assets set their own cache). */
export function registerDashboardHeaders(app: FastifyInstance): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("Content-Security-Policy", DASHBOARD_CSP);
    reply.header("X-Frame-Options", "DENY");
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });
}

export function readSessionCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}

function isHttps(ctx: Ctx): boolean {
  return ctx.config.PUBLIC_URL.startsWith("https:");
}

export function setSessionCookie(reply: FastifyReply, ctx: Ctx, id: string, maxAgeMs: number): void {
  const attributes = [
    `${SESSION_COOKIE}=${id}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(isHttps(ctx) ? ["Secure"] : []),
  ];
  reply.header("Set-Cookie", attributes.join("; "));
}

export function clearSessionCookie(reply: FastifyReply, ctx: Ctx): void {
  const attributes = [
    `${SESSION_COOKIE}=`,
    `Path=${COOKIE_PATH}`,
    "Max-Age=0",
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (isHttps(ctx)) attributes.push("Secure");
  reply.header("Set-Cookie", attributes.join("; "));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** State-changing requests must come from the service's own pages: `Origin` is the public origin. */
export function registerOriginCheck(app: FastifyInstance, ctx: Ctx): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const expected = new URL(ctx.config.PUBLIC_URL).origin;
    if (request.headers.origin !== expected) {
      return done(
        new ForbiddenError("origin_not_allowed", `requests that change something must come from ${expected}`),
      );
    }
    done();
  });
}

/** Every route in this scope needs a live session; its merchant scopes every read and action. */
export function registerDashboardSession(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest("merchant", undefined);
  app.decorateRequest("dashboardSession", undefined);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const id = readSessionCookie(request.headers.cookie);
    const merchant = id ? await getSessionMerchant(ctx, id) : undefined;
    if (!id || !merchant) throw new AuthenticationError("sign in to the dashboard", undefined, null);
    request.merchant = merchant;
    request.dashboardSession = id;
  });
}
