import type { FastifyBaseLogger } from "fastify";
import { signPayload } from "../domain/signature";
import { isoNow } from "../domain/time";
import { type Db, durability } from "../store/db";
import {
  type DeliveryRow,
  findDueDeliveries,
  findEventById,
  nextDueTime,
  recordAttempt,
} from "../store/outbox";

export interface NotifierOptions {
  db: Db;
  log: FastifyBaseLogger;
  retryDelaysMs: number[];
  timeoutMs: number;
  pollMs: number;
  concurrency?: number;
}

/** Delay before the next attempt after `attemptCount` failures, ±10 % jitter; undefined when exhausted. */
export function retryDelay(delays: number[], attemptCount: number, random = Math.random): number | undefined {
  const base = delays[attemptCount - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (0.9 + random() * 0.2));
}

/**
 * Delivers the outbox: every pending delivery whose time has come is POSTed, signed, with a timeout.
 * Failures are retried on the schedule; the same event id is sent each time. Survives restarts
 * because the queue is the database.
 */
export function startNotifier(options: NotifierOptions) {
  const { db, log, retryDelaysMs, timeoutMs, pollMs } = options;
  const concurrency = options.concurrency ?? 8;
  const storage = durability(db);
  const inFlight = new Set<string>();
  const sending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  let again = false;

  async function deliver(delivery: DeliveryRow, epoch: number): Promise<void> {
    const event = await findEventById(db, delivery.event_id);
    if (!event) return;
    // Never announce what is not durable: wait for the commit of what was read (throws if it was lost).
    await storage.durable(epoch);
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "payments-sandbox-notifier/1.0",
          "X-Event-Id": event.id,
          "X-Event-Type": event.type,
          "X-Signature": signPayload(event.payload, delivery.secret),
        },
        body: event.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = response.status;
      // A receiver that drops the connection before its answer is complete did not acknowledge the
      // event: the body read throws, and the attempt counts as failed (statusCode kept in the log).
      await response.arrayBuffer();
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      error = e.name === "TimeoutError" ? `timeout after ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    }
    const succeeded = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
    const attemptCount = delivery.attempt_count + 1;
    const delay = succeeded ? undefined : retryDelay(retryDelaysMs, attemptCount);
    const state = succeeded ? "succeeded" : delay === undefined ? "failed" : "pending";
    await recordAttempt(
      db,
      {
        delivery_id: delivery.id,
        at: isoNow(started),
        status_code: statusCode,
        error,
        duration_ms: Date.now() - started,
      },
      {
        state,
        attemptCount,
        nextAttemptMs: delay === undefined ? null : Date.now() + delay,
        pickedNextAttemptMs: delivery.next_attempt_ms,
      },
    );
    log.info({ delivery: delivery.id, event: event.id, statusCode, error, state }, "notification attempt");
  }

  async function tick(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const free = concurrency - inFlight.size;
        if (free <= 0) break;
        const epoch = storage.epoch;
        const due = (await findDueDeliveries(db, Date.now(), free + inFlight.size)).filter(
          (d) => !inFlight.has(d.id),
        );
        for (const delivery of due.slice(0, free)) {
          inFlight.add(delivery.id);
          const p = deliver(delivery, epoch)
            .catch((err) => log.error({ err, delivery: delivery.id }, "delivery bookkeeping failed"))
            .finally(() => {
              inFlight.delete(delivery.id);
              sending.delete(p);
              if (!stopped) wake();
            });
          sending.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      log.error({ err }, "notifier tick failed");
    } finally {
      running = false;
    }
    if (!stopped) await schedule();
  }

  async function schedule(): Promise<void> {
    clearTimeout(timer);
    let wait = pollMs;
    try {
      // Deliveries in flight are still pending and overdue, and with every slot busy nothing more can be
      // sent: either way a 0 ms wait would spin until a delivery finishes, which wakes the loop anyway.
      if (inFlight.size < concurrency) {
        const next = await nextDueTime(db, [...inFlight]);
        if (next !== undefined) wait = Math.min(pollMs, Math.max(0, next - Date.now()));
      }
    } catch {
      // storage unavailable: retry on the next poll
    }
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  }

  function wake(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), 0);
    timer.unref();
  }

  wake();
  return {
    wake,
    /** Stops polling and waits for deliveries in flight. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...sending]);
    },
  };
}
