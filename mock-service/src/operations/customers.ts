import type { Customer, CustomerCreate, CustomerListQuery } from "../../contract";
import { ConflictError, InvalidRequestError, NotFoundError } from "../http/api-error";
import { newUuid } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import {
  type CustomerRow,
  findCustomer,
  findCustomerByCustomerId,
  insertCustomer,
  listCustomers as listCustomerRows,
} from "../store/customers";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";

export function presentCustomer(row: CustomerRow): Customer {
  return {
    uuid: row.uuid,
    customerId: row.customer_id,
    ...(row.first_name !== null && { firstName: row.first_name }),
    ...(row.last_name !== null && { lastName: row.last_name }),
    ...(row.email !== null && { email: row.email }),
    ...(row.phone_number !== null && { phoneNumber: row.phone_number }),
    createdAt: row.created_at,
  };
}

export async function createCustomer(ctx: Ctx, merchant: Merchant, input: CustomerCreate): Promise<Customer> {
  return ctx.db.transaction().execute(async (tx) => {
    if (await findCustomerByCustomerId(tx, merchant.id, input.customerId)) {
      throw new ConflictError(
        "customer_exists",
        `a customer with customerId ${input.customerId} exists already`,
        [{ path: "customerId", message: "is already used by another customer" }],
      );
    }
    const row = await insertCustomer(tx, {
      uuid: newUuid(),
      merchant_id: merchant.id,
      customer_id: input.customerId,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      email: input.email ?? null,
      phone_number: input.phoneNumber ?? null,
      created_at: isoTimestamp(),
    });
    return presentCustomer(row);
  });
}

export async function getCustomer(ctx: Ctx, merchant: Merchant, uuid: string): Promise<Customer> {
  const row = await findCustomer(ctx.db, merchant.id, uuid);
  if (!row) throw new NotFoundError("customer");
  return presentCustomer(row);
}

export async function listCustomers(
  ctx: Ctx,
  merchant: Merchant,
  query: CustomerListQuery,
): Promise<Customer[]> {
  let afterSeq: number | undefined;
  if (query.startingAfter) {
    const cursor = await findCustomer(ctx.db, merchant.id, query.startingAfter);
    if (!cursor) throw InvalidRequestError.field("startingAfter", "is not a customer of yours");
    afterSeq = cursor.seq;
  }
  const rows = await listCustomerRows(ctx.db, merchant.id, {
    email: query.email,
    customerId: query.customerId,
    afterSeq,
    limit: query.limit,
  });
  return rows.map(presentCustomer);
}
