import type { FastifyInstance, onSendHookHandler } from "fastify";
import type { Ctx } from "../operations/context";
import { errorBody } from "../http/envelope";

declare module "fastify" {
  interface FastifyRequest {
    /** The storage batch current when the request arrived: it may have read or written from there on. */
    storageEpoch: number;
  }
}

/**
 * No answer leaves before what it reports is durable. Writes are committed in groups
 * (store/group-commit.ts), so every answer waits for the COMMIT covering what was written before it
 * was sent; if a batch the request may have seen was lost, it answers 503 instead.
 *
 * The wait must come after every other onSend hook (the idempotency hook writes the stored answer),
 * and route-level hooks run after all instance hooks: so it is appended to each route's onSend.
 * Register it before any route.
 */
export function registerDurability(app: FastifyInstance, ctx: Ctx): void {
  const storage = ctx.durability;
  app.decorateRequest("storageEpoch", 0);
  app.addHook("onRequest", (request, _reply, done) => {
    request.storageEpoch = storage.epoch;
    done();
  });

  // Callback style: most answers have nothing pending and leave without a promise.
  const awaitDurability: onSendHookHandler = (request, reply, payload, done) => {
    if (!storage.pending && !storage.failedSince(request.storageEpoch)) return done(null, payload);
    storage.durable(request.storageEpoch).then(
      () => done(null, payload),
      (err: unknown) => {
        request.log.error({ err }, "storage unavailable: the commit failed");
        reply.removeHeader("location");
        reply.removeHeader("idempotent-replayed");
        reply.code(503).header("Retry-After", "5").type("application/json; charset=utf-8");
        done(null, JSON.stringify(errorBody("storage_unavailable", "storage is unavailable, try again")));
      },
    );
  };

  app.addHook("onRoute", (route) => {
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, awaitDurability];
  });
}
