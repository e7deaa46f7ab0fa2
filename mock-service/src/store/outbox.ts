import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { DeliveryAttemptTable, DeliveryTable, EventTable } from "./schema";

/** `payload` is the notification's body exactly as signed and sent: see `eventBody` for its fields. */
export type EventRow = Selectable<EventTable>;
export type DeliveryRow = Selectable<DeliveryTable>;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptTable>;

/** The notification body an event row holds. */
export interface EventBody {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}

export function eventBody(row: EventRow): EventBody {
  return JSON.parse(row.payload) as EventBody;
}

export async function insertEvent(db: Db, row: Omit<EventRow, "seq">): Promise<void> {
  await db.insertInto("events").values(row).execute();
}

export async function insertDeliveries(db: Db, rows: DeliveryRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("deliveries").values(rows).execute();
}

export async function findEvent(db: Db, merchantId: string, id: string): Promise<EventRow | undefined> {
  return db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export async function findEventById(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface EventFilter {
  paymentId?: string | undefined;
  type?: string | undefined;
  beforeSeq?: number | undefined;
  limit: number;
}

/** Newest first. */
export async function listEvents(db: Db, merchantId: string, filter: EventFilter): Promise<EventRow[]> {
  let query = db.selectFrom("events").selectAll().where("merchant_id", "=", merchantId);
  if (filter.paymentId !== undefined) query = query.where("payment_id", "=", filter.paymentId);
  if (filter.type !== undefined) query = query.where("type", "=", filter.type);
  if (filter.beforeSeq !== undefined) query = query.where("seq", "<", filter.beforeSeq);
  return query.orderBy("seq", "desc").limit(filter.limit).execute();
}

export async function listDeliveries(db: Db, eventIds: string[]): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom("deliveries")
    .selectAll()
    .where("event_id", "in", eventIds)
    .orderBy("created_at")
    .execute();
}

export async function listAttempts(db: Db, deliveryIds: string[]): Promise<DeliveryAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom("delivery_attempts")
    .selectAll()
    .where("delivery_id", "in", deliveryIds)
    .orderBy("seq")
    .execute();
}

/**
 * Stores an attempt and its outcome. `pickedNextAttemptMs` is the delivery's `next_attempt_ms` when it was
 * picked up: if a redeliver moved it meanwhile, the outcome is not applied (only the count is), so the
 * delivery stays pending and is sent again as asked.
 */
export async function recordAttempt(
  db: Db,
  attempt: Omit<DeliveryAttemptRow, "seq">,
  outcome: {
    state: DeliveryRow["state"];
    attemptCount: number;
    nextAttemptMs: number | null;
    pickedNextAttemptMs: number | null;
  },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto("delivery_attempts").values(attempt).execute();
    const applied = await tx
      .updateTable("deliveries")
      .set({
        state: outcome.state,
        attempt_count: outcome.attemptCount,
        next_attempt_ms: outcome.nextAttemptMs,
      })
      .where("id", "=", attempt.delivery_id)
      .where(
        "next_attempt_ms",
        outcome.pickedNextAttemptMs === null ? "is" : "=",
        outcome.pickedNextAttemptMs,
      )
      .executeTakeFirst();
    if (applied.numUpdatedRows === 0n) {
      await tx
        .updateTable("deliveries")
        .set({ attempt_count: outcome.attemptCount })
        .where("id", "=", attempt.delivery_id)
        .execute();
    }
  });
}

/** Puts every delivery of an event back in the queue, due now. */
export async function requeueEvent(db: Db, eventId: string, nowMs: number): Promise<number> {
  const result = await db
    .updateTable("deliveries")
    .set({ state: "pending", next_attempt_ms: nowMs })
    .where("event_id", "=", eventId)
    .where((eb) =>
      eb.or([
        eb("webhook_id", "is", null),
        eb("webhook_id", "not in", eb.selectFrom("webhooks").select("id").where("deleted", "=", 1)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A removed webhook endpoint gets nothing more: its pending deliveries end as failed. */
export async function cancelWebhookDeliveries(db: Db, webhookId: string): Promise<void> {
  await db
    .updateTable("deliveries")
    .set({ state: "failed", next_attempt_ms: null })
    .where("webhook_id", "=", webhookId)
    .where("state", "=", "pending")
    .execute();
}
