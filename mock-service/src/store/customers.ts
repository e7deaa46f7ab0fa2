import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { CustomerTable } from "./schema";

export type CustomerRow = Selectable<CustomerTable>;
export type NewCustomerRow = Omit<CustomerRow, "seq">;

export async function insertCustomer(db: Db, row: NewCustomerRow): Promise<CustomerRow> {
  return db.insertInto("customers").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findCustomer(
  db: Db,
  merchantId: string,
  uuid: string,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom("customers")
    .selectAll()
    .where("uuid", "=", uuid)
    .where("merchant_id", "=", merchantId)
    .executeTakeFirst();
}

export async function findCustomerByCustomerId(
  db: Db,
  merchantId: string,
  customerId: string,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom("customers")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
}

export interface CustomerFilter {
  email?: string | undefined;
  customerId?: string | undefined;
  afterSeq?: number | undefined;
  limit: number;
}

/** Oldest first, by insertion sequence; every filter is served by an index. */
export async function listCustomers(
  db: Db,
  merchantId: string,
  filter: CustomerFilter,
): Promise<CustomerRow[]> {
  let query = db.selectFrom("customers").selectAll().where("merchant_id", "=", merchantId);
  if (filter.email !== undefined) query = query.where("email", "=", filter.email);
  if (filter.customerId !== undefined) query = query.where("customer_id", "=", filter.customerId);
  if (filter.afterSeq !== undefined) query = query.where("seq", ">", filter.afterSeq);
  return query.orderBy("seq").limit(filter.limit).execute();
}
