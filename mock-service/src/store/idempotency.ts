import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { IdempotencyTable } from "./schema";

export type IdempotencyRow = Selectable<IdempotencyTable>;

export async function findIdempotencyKey(
  db: Db,
  merchantId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Claims a key; false when another request holds it already. */
export async function claimIdempotencyKey(db: Db, row: IdempotencyRow): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_keys")
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

export async function completeIdempotencyKey(
  db: Db,
  merchantId: string,
  key: string,
  statusCode: number,
  response: string,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ status_code: statusCode, response })
    .where("merchant_id", "=", merchantId)
    .where("key", "=", key)
    .execute();
}

export async function releaseIdempotencyKey(db: Db, merchantId: string, key: string): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("merchant_id", "=", merchantId)
    .where("key", "=", key)
    .where("status_code", "is", null)
    .execute();
}

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** Forgets keys older than the retention period; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom("idempotency_keys")
    .where("created_ms", "<", nowMs - IDEMPOTENCY_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops one key's record, only if it is still the one that was read (created at `createdMs`). */
export async function dropIdempotencyKey(
  db: Db,
  merchantId: string,
  key: string,
  createdMs: number,
): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("merchant_id", "=", merchantId)
    .where("key", "=", key)
    .where("created_ms", "=", createdMs)
    .execute();
}
