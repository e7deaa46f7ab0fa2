import type { Db } from "./db";
import type { DeliveryRow } from "./outbox";

/** A pending delivery and the merchant whose event it carries (for fair scheduling). */
export type DueDelivery = DeliveryRow & { merchant_id: string };

export interface DueFilter {
  /** Deliveries being sent right now. */
  excludeIds: string[];
  /** Merchants that cannot start another delivery now. */
  excludeMerchants: string[];
}

/** Pending deliveries whose time has come, oldest due first, leaving out what the filter names. */
export async function findDueDeliveries(
  db: Db,
  nowMs: number,
  limit: number,
  filter: DueFilter,
): Promise<DueDelivery[]> {
  let query = db
    .selectFrom("deliveries")
    .innerJoin("events", "events.id", "deliveries.event_id")
    .selectAll("deliveries")
    .select("events.merchant_id")
    .where("deliveries.state", "=", "pending")
    .where("deliveries.next_attempt_ms", "<=", nowMs);
  if (filter.excludeIds.length > 0) query = query.where("deliveries.id", "not in", filter.excludeIds);
  if (filter.excludeMerchants.length > 0)
    query = query.where("events.merchant_id", "not in", filter.excludeMerchants);
  return query.orderBy("deliveries.next_attempt_ms").limit(limit).execute();
}

/** When the next pending delivery the filter leaves in falls due. */
export async function nextDueTime(db: Db, filter: DueFilter): Promise<number | undefined> {
  let query = db
    .selectFrom("deliveries")
    .innerJoin("events", "events.id", "deliveries.event_id")
    .select((eb) => eb.fn.min("deliveries.next_attempt_ms").as("next"))
    .where("deliveries.state", "=", "pending");
  if (filter.excludeIds.length > 0) query = query.where("deliveries.id", "not in", filter.excludeIds);
  if (filter.excludeMerchants.length > 0)
    query = query.where("events.merchant_id", "not in", filter.excludeMerchants);
  const row = await query.executeTakeFirst();
  return row?.next ?? undefined;
}
