import type { Selectable } from "kysely";
import type { EventType } from "../../contract";
import type { Db } from "./db";
import type { WebhookTable } from "./schema";

/** A webhook endpoint as stored, the event types it takes parsed. */
export type WebhookRow = Omit<Selectable<WebhookTable>, "events"> & { events: EventType[] };

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db
    .insertInto("webhooks")
    .values({ ...row, events: JSON.stringify(row.events) })
    .execute();
}

export async function listWebhooks(db: Db, merchantId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("deleted", "=", 0)
    .orderBy("created_at")
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, events: JSON.parse(row.events) as EventType[] })));
}

/** Endpoints the merchant has registered and not removed. */
export async function countWebhooks(db: Db, merchantId: string): Promise<number> {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("merchant_id", "=", merchantId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteWebhook(db: Db, merchantId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("webhooks")
    .set({ deleted: 1 })
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
