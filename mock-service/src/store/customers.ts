import type { Selectable } from "kysely";
import type { Db } from "./db";
import { preparedQuery } from "./prepared";
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
  const shape =
    (filter.email !== undefined ? 1 : 0) |
    (filter.customerId !== undefined ? 2 : 0) |
    (filter.afterSeq !== undefined ? 4 : 0);
  let list = customerLists[shape];
  if (!list) {
    const where = [
      `"merchant_id" = ?`,
      ...(shape & 1 ? [`"email" = ?`] : []),
      ...(shape & 2 ? [`"customer_id" = ?`] : []),
      ...(shape & 4 ? [`"seq" > ?`] : []),
    ];
    list = preparedQuery<CustomerRow>(
      `select * from "customers" where ${where.join(" and ")} order by "seq" limit ?`,
    );
    customerLists[shape] = list;
  }
  const parameters: unknown[] = [merchantId];
  if (filter.email !== undefined) parameters.push(filter.email);
  if (filter.customerId !== undefined) parameters.push(filter.customerId);
  if (filter.afterSeq !== undefined) parameters.push(filter.afterSeq);
  parameters.push(filter.limit);
  return list(db, parameters);
}

/** One prepared query per combination of filters, by bit: email 1, customerId 2, afterSeq 4. */
const customerLists: ((db: Db, parameters: unknown[]) => Promise<CustomerRow[]>)[] = [];
