import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import type { ChargeTable } from "./schema";

export type ChargeRow = Selectable<ChargeTable>;

export async function insertCharge(db: Db, row: ChargeRow): Promise<void> {
  await db.insertInto("charges").values(row).execute();
}

export async function findCharge(
  db: Db,
  merchantId: string,
  paymentId: string,
): Promise<ChargeRow | undefined> {
  return db
    .selectFrom("charges")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/** MB WAY charges still waiting for the phone's answer, soonest deadline first. */
export async function findWaitingMbwayCharges(db: Db, limit: number): Promise<ChargeRow[]> {
  return db
    .selectFrom("charges")
    .selectAll()
    .where("mbway_expires_ms", "is not", null)
    .orderBy("mbway_expires_ms")
    .limit(limit)
    .execute();
}

export async function updateCharge(
  db: Db,
  paymentId: string,
  changes: Updateable<ChargeTable>,
): Promise<void> {
  await db.updateTable("charges").set(changes).where("payment_id", "=", paymentId).execute();
}
