import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { PaymentMethodTable } from "./schema";

export type PaymentMethodRow = Selectable<PaymentMethodTable>;

export async function insertPaymentMethod(db: Db, row: Omit<PaymentMethodRow, "seq">): Promise<void> {
  await db.insertInto("payment_methods").values(row).execute();
}

export async function listPaymentMethods(
  db: Db,
  merchantId: string,
  customerUuid: string,
  code?: "CC" | "MW",
): Promise<PaymentMethodRow[]> {
  let query = db
    .selectFrom("payment_methods")
    .selectAll()
    .where("customer_uuid", "=", customerUuid)
    .where("merchant_id", "=", merchantId);
  if (code) query = query.where("code", "=", code);
  return query.orderBy("seq").execute();
}

/** Returns whether a method was removed. */
export async function deletePaymentMethod(
  db: Db,
  merchantId: string,
  customerUuid: string,
  uuid: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("payment_methods")
    .where("uuid", "=", uuid)
    .where("customer_uuid", "=", customerUuid)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** One of a customer's saved methods; undefined when it is another customer's or merchant's. */
export async function findPaymentMethod(
  db: Db,
  merchantId: string,
  customerUuid: string,
  uuid: string,
): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom("payment_methods")
    .selectAll()
    .where("uuid", "=", uuid)
    .where("customer_uuid", "=", customerUuid)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}
