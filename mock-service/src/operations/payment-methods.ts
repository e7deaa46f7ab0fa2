import type { StoredPaymentMethod } from "../../contract";
import { NotFoundError } from "../http/api-error";
import { newUuid } from "../domain/ids";
import type { IssuerProfile } from "../domain/issuer";
import { isoTimestamp } from "../domain/time";
import type { CheckoutRow } from "../store/checkouts";
import type { Db } from "../store/db";
import { findCustomer } from "../store/customers";
import {
  deletePaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  type PaymentMethodRow,
} from "../store/payment-methods";
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
  if (!(await findCustomer(ctx.db, merchant.id, customerUuid))) throw new NotFoundError("customer");
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
    throw new NotFoundError("payment method");
  }
}

export type NewStoredMethod =
  | {
      code: "CC";
      brand: string;
      last4: string;
      holder: string;
      expiryMonth: string;
      expiryYear: string;
      profile: IssuerProfile;
    }
  | { code: "MW"; countryCode: string; last3: string; phoneNumber: string };

/** The uuid the stored method will get, when this checkout registers one (section 4.1). */
export function registrationIdFor(checkout: CheckoutRow): string | undefined {
  return checkout.create_registration && checkout.customer_uuid ? newUuid() : undefined;
}

/** Stores the method a successful registration checkout was paid with; runs inside its transaction. */
export async function storeRegisteredMethod(
  tx: Db,
  checkout: CheckoutRow,
  uuid: string,
  method: NewStoredMethod,
): Promise<void> {
  if (!checkout.customer_uuid) return;
  const card = method.code === "CC" ? method : undefined;
  const mbway = method.code === "MW" ? method : undefined;
  await insertPaymentMethod(tx, {
    uuid,
    merchant_id: checkout.merchant_id,
    customer_uuid: checkout.customer_uuid,
    code: method.code,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    holder: card?.holder ?? null,
    expiry_month: card?.expiryMonth ?? null,
    expiry_year: card?.expiryYear ?? null,
    country_code: mbway?.countryCode ?? null,
    last3: mbway?.last3 ?? null,
    phone_number: mbway?.phoneNumber ?? null,
    three_ds: card?.profile.threeDS ?? null,
    stored_decline_reason: card?.profile.storedDeclineReason ?? null,
    created_at: isoTimestamp(),
  });
}
