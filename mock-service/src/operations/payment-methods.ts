import type { StoredPaymentMethod } from "../../contract";
import { notFound } from "../domain/errors";
import { findCustomer } from "../store/customers";
import { deletePaymentMethod, listPaymentMethods, type PaymentMethodRow } from "../store/payment-methods";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";

export function presentPaymentMethod(row: PaymentMethodRow): StoredPaymentMethod {
  if (row.code === "MW") {
    return { code: "MW", uuid: row.uuid, countryCode: row.country_code ?? "", last3Digits: row.last3 ?? "" };
  }
  return {
    code: "CC",
    uuid: row.uuid,
    brand: row.brand ?? "",
    last4Digits: row.last4 ?? "",
    holder: row.holder ?? "",
    expiryMonth: row.expiry_month ?? "",
    expiryYear: row.expiry_year ?? "",
  };
}

export async function listCustomerPaymentMethods(
  ctx: Ctx,
  merchant: Merchant,
  customerUuid: string,
  type?: "CC" | "MW",
): Promise<StoredPaymentMethod[]> {
  if (!(await findCustomer(ctx.db, merchant.id, customerUuid))) throw notFound("customer");
  const rows = await listPaymentMethods(ctx.db, merchant.id, customerUuid, type);
  return rows.map(presentPaymentMethod);
}

export async function removePaymentMethod(
  ctx: Ctx,
  merchant: Merchant,
  customerUuid: string,
  methodUuid: string,
): Promise<void> {
  if (!(await deletePaymentMethod(ctx.db, merchant.id, customerUuid, methodUuid))) {
    throw notFound("payment method");
  }
}
