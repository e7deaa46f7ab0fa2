import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Ctx } from "../operations/context";
import { findCheckoutById } from "../store/checkouts";
import { BucketStore } from "./bucket-store";

/**
 * Requests per minute, counted after authentication (the hook runs at preParsing, after the merchant
 * API's auth hook): per merchant on the merchant API, per checkout on the frame API when the checkout
 * exists, per client address otherwise. Never per raw header or made-up id, so inventing keys or ids
 * neither yields fresh buckets nor grows the store.
 */
export async function registerRateLimit(app: FastifyInstance, ctx: Ctx): Promise<void> {
  await app.register(rateLimit, {
    max: ctx.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    hook: "preParsing",
    store: BucketStore,
    keyGenerator: (request) => bucketKey(ctx, request),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`too many requests, retry after ${context.after}`), { statusCode: 429 }),
  });
}

async function bucketKey(ctx: Ctx, request: FastifyRequest): Promise<string> {
  if (request.merchant) return `merchant:${request.merchant.id}`;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (
    request.url.startsWith("/frame-api/") &&
    typeof id === "string" &&
    (await findCheckoutById(ctx.db, id))
  ) {
    return `checkout:${id}`;
  }
  return `ip:${request.ip}`;
}
