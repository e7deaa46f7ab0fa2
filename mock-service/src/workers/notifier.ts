import type { FastifyBaseLogger } from "fastify";
import { signPayload } from "../domain/signature";
import { isoTimestamp } from "../domain/time";
import type { Db } from "../store/db";
import { findDueDeliveries, nextDueTime } from "../store/due-deliveries";
import type { Durability } from "../store/group-commit";
import { type DeliveryRow, findEventById, recordAttempt } from "../store/outbox";
import { MerchantSlots } from "./merchant-slots";

export interface NotifierOptions {
  db: Db;
  /** Nothing is announced before it is durable. */
  durability: Durability;
  log: FastifyBaseLogger;
  retryDelaysMs: number[];
  timeoutMs: number;
  pollMs: number;
  /** Bytes of a receiver's answer read before the rest is cancelled. */
  maxAnswerBytes: number;
  /** Deliveries in flight at once, in all and per merchant. */
  concurrency: number;
  concurrencyPerMerchant: number;
}

/**
 * Reads at most `maxBytes` of an answer, then cancels the rest: a receiver cannot make the service
 * hold more than that per delivery, however much it sends. Throws if the receiver drops the connection
 * before its answer is complete (or the limit is reached).
 */
async function readBoundedAnswer(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
    if (read >= maxBytes) {
      await reader.cancel();
      return;
    }
  }
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
  const { db, log, retryDelaysMs, timeoutMs, pollMs, maxAnswerBytes } = options;
  const storage = options.durability;
  const slots = new MerchantSlots(options.concurrency, options.concurrencyPerMerchant);
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
      await readBoundedAnswer(response.body, maxAnswerBytes);
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
        at: isoTimestamp(started),
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
        // Oldest due first; a merchant whose slots are all taken is left out of the next look, so the
        // others' deliveries start even when it has many more due.
        while (slots.free > 0 && !stopped) {
          const epoch = storage.epoch;
          const due = await findDueDeliveries(db, Date.now(), slots.free, {
            excludeIds: slots.ids(),
            excludeMerchants: slots.fullMerchants(),
          });
          const started = due.filter((delivery) => slots.take(delivery.id, delivery.merchant_id));
          for (const delivery of started) {
            const p = deliver(delivery, epoch)
              .catch((err) => log.error({ err, delivery: delivery.id }, "delivery bookkeeping failed"))
              .finally(() => {
                slots.release(delivery.id);
                sending.delete(p);
                if (!stopped) wake();
              });
            sending.add(p);
          }
          if (started.length === 0) break;
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
      if (slots.free > 0) {
        const next = await nextDueTime(db, {
          excludeIds: slots.ids(),
          excludeMerchants: slots.fullMerchants(),
        });
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
