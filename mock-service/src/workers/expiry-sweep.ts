import type { FastifyBaseLogger } from "fastify";
import { sweepExpiredCheckouts } from "../operations/checkouts";
import type { Ctx } from "../operations/context";
import { sweepExpiredReferences } from "../operations/payments";
import { sweepTimedOutChallenges } from "../operations/three-ds";
import { purgeExpiredIdempotencyKeys } from "../store/idempotency";

/**
 * Records the expiry of references past validDate.end (a checkout's voucher expires its checkout) and
 * of abandoned checkouts, fails 3-D Secure challenges left unanswered past THREEDS_TIMEOUT_MS, and forgets
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
      const challenges = await sweepTimedOutChallenges(ctx);
      await purgeExpiredIdempotencyKeys(ctx.db, Date.now());
      if (references + checkouts + challenges > 0) log.info({ references, checkouts, challenges }, "expired");
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
