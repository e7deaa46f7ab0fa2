import type { FastifyInstance } from "fastify";
import { RateLimitError } from "../http/api-error";
import { WindowCounts } from "../http/window-counts";

const WINDOW_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** 401s per client address in the current minute, one count for the merchant API and the dashboard's sign-in. */
    authFailures: WindowCounts;
  }
}

/** Declares the service's one count of failed authentications; decorate the root, before any scope uses it. */
export function decorateAuthFailures(app: FastifyInstance): void {
  app.decorate("authFailures", new WindowCounts(WINDOW_MS));
}

/**
 * Key guessing is limited per client address: once an address has collected more than `maxFailures`
 * 401s in a minute, every request it makes in this scope answers 429 with Retry-After until that
 * minute has passed, whatever key it sends (a valid key does not lift it). Register before the auth
 * hook, in the same scope; every scope that registers it shares the root's `authFailures`.
 */
export function registerFailedAuthLimit(app: FastifyInstance, maxFailures: number): void {
  const failures = app.authFailures;

  app.addHook("onRequest", (request, _reply, done) => {
    const window = failures.peek(request.ip);
    if (!window || window.count <= maxFailures) return done();
    const seconds = Math.ceil(failures.remainingMs(window) / 1000);
    done(
      new RateLimitError(
        `too many failed authentications from this address, retry after ${seconds} s`,
        seconds,
      ),
    );
  });

  app.addHook("onResponse", (request, reply, done) => {
    if (reply.statusCode === 401) failures.hit(request.ip);
    done();
  });
}
