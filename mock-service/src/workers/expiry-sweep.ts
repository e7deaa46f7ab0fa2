import type { FastifyBaseLogger } from "fastify";
import { sweepExpiredCheckouts } from "../operations/checkouts";
import type { Ctx } from "../operations/context";
import { sweepExpiredReferences } from "../operations/payments";
import { purgeExpiredIdempotencyKeys } from "../store/idempotency";

/**
 * Records the expiry of references past validDate.end and of abandoned checkouts, and forgets
 * Idempotency-Keys past their 24 hours, every `everyMs`.
 */
export function startExpirySweep(ctx: Ctx, log: FastifyBaseLogger, everyMs: number) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const references = await sweepExpiredReferences(ctx);
      const checkouts = await sweepExpiredCheckouts(ctx);
      await purgeExpiredIdempotencyKeys(ctx.db, Date.now());
      if (references + checkouts > 0) log.info({ references, checkouts }, "expired");
    } catch (err) {
      log.error({ err }, "expiry sweep failed");
    } finally {
      running = false;
    }
  };
  // tick() catches its own errors.
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
