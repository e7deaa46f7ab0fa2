import type { FastifyBaseLogger } from "fastify";
import type { Ctx } from "../operations/context";
import { runMbwayChargeSimulator } from "../operations/charges";
import { runMbwaySimulator } from "../operations/mbway";

/** Plays the sandbox test phones' answers and times out unanswered MB WAY requests. */
export function startMbwaySimulator(ctx: Ctx, log: FastifyBaseLogger, everyMs = 250) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runMbwaySimulator(ctx);
      await runMbwayChargeSimulator(ctx);
    } catch (err) {
      log.error({ err }, "MB WAY simulator failed");
    } finally {
      running = false;
    }
  };
  // tick() catches its own errors.
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
