import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ConflictError, InvalidRequestError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  dropIdempotencyKey,
  IDEMPOTENCY_TTL_MS,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from "../store/idempotency";

/** A claim left unfinished (the process died mid-request) is released after this long. */
const STALE_CLAIM_MS = 60_000;

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey: string | undefined;
  }
}

function hashRequest(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * `Idempotency-Key` on POST: the same key and body replays the first 2xx answer; another body,
 * or a request still in flight with the key, answers 409. Keys are per merchant and kept 24 h.
 */
export function registerIdempotency(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest("idempotencyKey", undefined);
  const storage = ctx.durability;

  // The hooks are callback style so that requests without a key pass without a promise each.
  app.addHook("preHandler", (request, reply, done) => {
    if (request.method !== "POST" || request.headers["idempotency-key"] === undefined) return done();
    // A replayed answer is sent from here: then the hook chain must not go on (no done()).
    claimOrReplay(request, reply).then((replayed) => {
      if (!replayed) done();
    }, done);
  });

  /** Claims the key for this request, or sends the stored answer (true) if it was answered before. */
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string" || !/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw new InvalidRequestError(
        "invalid_request",
        "Idempotency-Key must be 1 to 255 visible ASCII characters",
        [{ path: "headers.idempotency-key", message: "must be 1 to 255 visible ASCII characters" }],
      );
    }
    const merchant = request.merchant;
    if (!merchant) return false;
    const nowMs = Date.now();
    const hash = hashRequest(request.method, request.url, request.body);
    const claim = {
      merchant_id: merchant.id,
      key,
      request_hash: hash,
      status_code: null,
      response: null,
      created_ms: nowMs,
    };
    if (await claimIdempotencyKey(ctx.db, claim)) {
      request.idempotencyKey = key;
      return false;
    }
    const existing = await findIdempotencyKey(ctx.db, merchant.id, key);
    const expired = existing && existing.created_ms < nowMs - IDEMPOTENCY_TTL_MS;
    const stale = existing && existing.status_code === null && existing.created_ms < nowMs - STALE_CLAIM_MS;
    if (!existing || expired || stale) {
      if (existing) await dropIdempotencyKey(ctx.db, merchant.id, key, existing.created_ms);
      if (await claimIdempotencyKey(ctx.db, claim)) {
        request.idempotencyKey = key;
        return false;
      }
      throw keyInUse();
    }
    if (existing.request_hash !== hash) {
      throw new ConflictError(
        "idempotency_key_reused",
        "this Idempotency-Key was used with another request",
        [{ path: "headers.idempotency-key", message: "was used with a different request body" }],
      );
    }
    if (existing.status_code === null || existing.response === null) throw keyInUse();
    reply.header("Idempotent-Replayed", "true");
    reply.code(existing.status_code).type("application/json; charset=utf-8");
    reply.send(existing.response);
    return true;
  };

  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.idempotencyKey || !request.merchant) return done(null, payload);
    remember(request, reply, payload).then(() => done(null, payload), done);
  });

  const remember = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey;
    const merchant = request.merchant;
    if (!key || !merchant) return;
    request.idempotencyKey = undefined;
    // An answer whose writes were lost in a failed commit is not kept: the durability hook turns it into a 503.
    const kept = !storage.failedSince(request.storageEpoch);
    if (kept && reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string") {
      await completeIdempotencyKey(ctx.db, merchant.id, key, reply.statusCode, payload);
    } else {
      await releaseIdempotencyKey(ctx.db, merchant.id, key);
    }
  };
}

function keyInUse(): ConflictError {
  return new ConflictError(
    "idempotency_key_in_use",
    "a request with this Idempotency-Key is still being processed",
    [{ path: "headers.idempotency-key", message: "is in use by a concurrent request" }],
  );
}
