import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import type { Ctx } from "./operations/context";
import { ensureSandboxMerchant } from "./operations/merchants";
import { openDatabase } from "./store/db";
import { startExpirySweep } from "./workers/expiry-sweep";
import { startMbwaySimulator } from "./workers/mbway-simulator";
import { startNotifier } from "./workers/notifier";

export interface Service {
  app: FastifyInstance;
  ctx: Ctx;
  /** Stops accepting requests, lets workers finish what is in flight, closes the database. */
  stop(): Promise<void>;
}

/** Opens storage, builds the app and starts the workers; `listen` is left to the caller. */
export async function createService(config: Config, options: { workers?: boolean } = {}): Promise<Service> {
  const { db, durability } = await openDatabase(config.DATABASE_URL, {
    synchronous: config.SQLITE_SYNCHRONOUS,
  });
  await ensureSandboxMerchant(db, config.SANDBOX_API_KEY, config.SANDBOX_SIGNING_SECRET);
  let wake = () => {};
  const ctx: Ctx = { db, durability, config, notify: () => wake() };
  const app = await buildApp(ctx);
  const workers = options.workers ?? true;
  const notifier = workers
    ? startNotifier({
        db,
        durability,
        log: app.log,
        retryDelaysMs: config.NOTIFY_RETRY_DELAYS,
        timeoutMs: config.NOTIFY_TIMEOUT_MS,
        pollMs: config.NOTIFY_POLL_MS,
        maxAnswerBytes: config.NOTIFY_MAX_ANSWER_BYTES,
        concurrency: config.NOTIFY_CONCURRENCY,
        concurrencyPerMerchant: config.NOTIFY_CONCURRENCY_PER_MERCHANT,
      })
    : undefined;
  if (notifier) wake = notifier.wake;
  const sweep = workers ? startExpirySweep(ctx, app.log, config.EXPIRY_SWEEP_MS) : undefined;
  const mbway = workers ? startMbwaySimulator(ctx, app.log) : undefined;
  return {
    app,
    ctx,
    async stop() {
      sweep?.stop();
      mbway?.stop();
      await app.close();
      await notifier?.stop();
      await db.destroy();
    },
  };
}
