import type { z } from "zod";
import type { EventType, eventListQuery, eventWithDeliveries, LoggedEventType } from "../../contract";
import { ConflictError, InvalidRequestError, NotFoundError } from "../http/api-error";
import { newId } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import type { Db } from "../store/db";
import {
  type DeliveryRow,
  eventBody,
  type EventRow,
  findEvent,
  insertDeliveries,
  insertEvent,
  listAttempts,
  listDeliveries,
  listEvents as listEventRows,
  requeueEvent,
} from "../store/outbox";
import { listWebhooks } from "../store/webhooks";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";
import { type AfterCommit, inTransaction } from "./transaction";

export interface NewEvent {
  type: EventType;
  data: unknown;
  paymentId?: string | undefined;
  checkoutId?: string | undefined;
  callbackUrl?: string | null | undefined;
}

/**
 * Writes an event and one delivery per target into the outbox. Call it inside the transaction that
 * makes the state change, so that both are stored or neither is; the notifier wakes after the commit.
 */
export async function emitEvent(
  tx: Db,
  after: AfterCommit,
  merchant: Merchant,
  event: NewEvent,
): Promise<string> {
  const id = newId("evt");
  const createdAt = isoTimestamp();
  const nowMs = Date.now();
  await insertEvent(tx, {
    id,
    merchant_id: merchant.id,
    type: event.type,
    payment_id: event.paymentId ?? null,
    checkout_id: event.checkoutId ?? null,
    payload: JSON.stringify({ id, type: event.type, createdAt, data: event.data }),
    created_at: createdAt,
  });
  const deliveries: DeliveryRow[] = [];
  const base = { event_id: id, merchant_id: merchant.id, state: "pending" as const, attempt_count: 0 };
  if (event.callbackUrl) {
    deliveries.push({
      ...base,
      id: newId("dlv"),
      target: "callback",
      webhook_id: null,
      url: event.callbackUrl,
      secret: merchant.signing_secret,
      next_attempt_ms: nowMs,
      created_at: createdAt,
    });
  }
  for (const hook of await listWebhooks(tx, merchant.id)) {
    if (!hook.events.includes(event.type)) continue;
    deliveries.push({
      ...base,
      id: newId("dlv"),
      target: "webhook",
      webhook_id: hook.id,
      url: hook.url,
      secret: hook.secret,
      next_attempt_ms: nowMs,
      created_at: createdAt,
    });
  }
  await insertDeliveries(tx, deliveries);
  after.deliveriesQueued();
  return id;
}

type EventWithDeliveries = z.infer<typeof eventWithDeliveries>;

async function presentEvents(db: Db, events: EventRow[]): Promise<EventWithDeliveries[]> {
  const deliveries = await listDeliveries(
    db,
    events.map((e) => e.id),
  );
  const attempts = await listAttempts(
    db,
    deliveries.map((d) => d.id),
  );
  return events.map((e) => {
    return {
      id: e.id,
      type: e.type as LoggedEventType,
      createdAt: e.created_at,
      data: eventBody(e).data,
      deliveries: deliveries
        .filter((d) => d.event_id === e.id)
        .map((d) => ({
          id: d.id,
          target: d.target,
          ...(d.webhook_id !== null && { webhookId: d.webhook_id }),
          url: d.url,
          state: d.state,
          attempts: attempts
            .filter((a) => a.delivery_id === d.id)
            .map((a) => ({
              at: a.at,
              ...(a.status_code !== null && { statusCode: a.status_code }),
              ...(a.error !== null && { error: a.error }),
              durationMs: a.duration_ms,
            })),
          ...(d.state === "pending" &&
            d.next_attempt_ms !== null && { nextAttemptAt: isoTimestamp(d.next_attempt_ms) }),
        })),
    };
  });
}

export async function listEvents(
  ctx: Ctx,
  merchant: Merchant,
  query: z.infer<typeof eventListQuery>,
): Promise<EventWithDeliveries[]> {
  let beforeSeq: number | undefined;
  if (query.startingAfter) {
    const cursor = await findEvent(ctx.db, merchant.id, query.startingAfter);
    if (!cursor) throw InvalidRequestError.field("startingAfter", "is not an event of yours");
    beforeSeq = cursor.seq;
  }
  const rows = await listEventRows(ctx.db, merchant.id, {
    paymentId: query.paymentId,
    type: query.type,
    beforeSeq,
    limit: query.limit,
  });
  return presentEvents(ctx.db, rows);
}

export async function getEvent(ctx: Ctx, merchant: Merchant, id: string): Promise<EventWithDeliveries> {
  const row = await findEvent(ctx.db, merchant.id, id);
  if (!row) throw new NotFoundError("event");
  const [event] = await presentEvents(ctx.db, [row]);
  return event as EventWithDeliveries;
}

export async function redeliverEvent(ctx: Ctx, merchant: Merchant, id: string): Promise<EventWithDeliveries> {
  const row = await findEvent(ctx.db, merchant.id, id);
  if (!row) throw new NotFoundError("event");
  const requeued = await inTransaction(ctx, async (tx, after) => {
    const count = await requeueEvent(tx, id, Date.now());
    if (count > 0) after.deliveriesQueued();
    return count;
  });
  if (requeued === 0) {
    throw new ConflictError("no_deliveries", "this event has no delivery targets to send it to");
  }
  return getEvent(ctx, merchant, id);
}
