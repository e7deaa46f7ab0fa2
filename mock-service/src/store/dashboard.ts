import { sql } from "kysely";
import type { AttemptMethod } from "../../contract";
import { attemptMethodsOf, CANCELLED_CHOICE } from "../domain/payment-method-shown";
import { type CheckoutResult, type CheckoutRow, parseCheckoutRow } from "./checkouts";
import type { Db } from "./db";
import { parsePaymentRow, type PaymentRow } from "./payments";

/** Read-only queries behind the dashboard's lists; every one is scoped to one merchant. */

export interface PaymentListFilter {
  state?: PaymentRow["state"] | undefined;
  method?: "MB" | "CC" | "MW" | undefined;
  search?: string | undefined;
  /** Only rows after this one, newest first. */
  before?: { createdAt: string; id: string } | undefined;
  limit: number;
}

export type PaymentListRow = PaymentRow & {
  checkout_code: string | null;
  checkout_result: CheckoutResult | null;
  /** The method of the latest row of the payment's attempt log, as `lastTriedOf` reads it. */
  last_tried: AttemptMethod | null;
};

/** What the checkout was paid with, once it succeeded (null for a reference or a charge). */
const paidWith = sql<string | null>`json_extract(checkouts.result, '$.paymentMethodCode')`;
/** `lastTriedOf` (domain/payment-method-shown.ts) in SQL: the latest attempt's method, unless it was a cancel. */
const lastTried = sql<AttemptMethod | null>`(
  select case when a.outcome = ${CANCELLED_CHOICE} then null else a.method end
  from payment_attempts a where a.payment_id = payments.id order by a.seq desc limit 1
)`;

/** A merchant's payments newest first, with the code and result of their checkout. */
export async function listPaymentsWithCheckouts(
  db: Db,
  merchantId: string,
  filter: PaymentListFilter,
): Promise<PaymentListRow[]> {
  let query = db
    .selectFrom("payments")
    .leftJoin("checkouts", "checkouts.id", "payments.checkout_id")
    .selectAll("payments")
    .select(["checkouts.code as checkout_code", "checkouts.result as checkout_result"])
    .select(lastTried.as("last_tried"))
    .where("payments.merchant_id", "=", merchantId);
  if (filter.state) query = query.where("payments.state", "=", filter.state);
  if (filter.method) {
    // The methods the list shows (`methodsShown`): the one paid with, else the one last tried, else
    // every method offered.
    const method = filter.method;
    query = query.where((eb) =>
      eb.or([
        eb(paidWith, "=", method),
        eb.and([eb(paidWith, "is", null), eb(lastTried, "in", attemptMethodsOf(method))]),
        eb.and([
          eb(paidWith, "is", null),
          eb(lastTried, "is", null),
          eb(
            sql<number>`exists (select 1 from json_each(payments.available_methods) where value = ${method})`,
            "=",
            1,
          ),
        ]),
      ]),
    );
  }
  if (filter.search) {
    const search = filter.search;
    const digits = search.replace(/\s+/g, "");
    query = query.where((eb) =>
      eb.or([
        eb("payments.id", "=", search),
        eb("payments.checkout_id", "=", search),
        eb("payments.reference", "=", digits),
        eb("checkouts.code", "=", search),
      ]),
    );
  }
  if (filter.before) {
    const { createdAt, id } = filter.before;
    query = query.where((eb) =>
      eb.or([
        eb("payments.created_at", "<", createdAt),
        eb.and([eb("payments.created_at", "=", createdAt), eb("payments.id", "<", id)]),
      ]),
    );
  }
  return query
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id", "desc")
    .limit(filter.limit)
    .execute()
    .then((rows) =>
      rows.map((row) => {
        const { checkout_result: result, ...payment } = parsePaymentRow(row);
        return {
          ...payment,
          checkout_result: result === null ? null : (JSON.parse(result) as CheckoutResult),
        };
      }),
    );
}

export interface CheckoutListFilter {
  state?: CheckoutRow["state"] | undefined;
  before?: { createdAt: string; id: string } | undefined;
  limit: number;
}

export async function listCheckoutRows(
  db: Db,
  merchantId: string,
  filter: CheckoutListFilter,
): Promise<CheckoutRow[]> {
  let query = db.selectFrom("checkouts").selectAll().where("merchant_id", "=", merchantId);
  if (filter.state) query = query.where("state", "=", filter.state);
  if (filter.before) {
    const { createdAt, id } = filter.before;
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", createdAt),
        eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
      ]),
    );
  }
  return query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .execute()
    .then((rows) => rows.map(parseCheckoutRow));
}

/**
 * A summary of everything the dashboard shows for a merchant: it changes whenever any of it does
 * (a payment or checkout moves, an event is written, a delivery is attempted or requeued, a customer,
 * stored method or webhook is added or removed, the shopper's attempt log grows). Compared between polls to push live updates.
 * Every part is coalesced: one NULL (a sum over no rows) would make the whole text NULL.
 */
export async function dashboardFingerprint(db: Db, merchantId: string): Promise<string> {
  const row = await sql<{ fingerprint: string }>`
    select
      (select count(*) || '/' || coalesce(max(updated_at), '') from payments where merchant_id = ${merchantId})
      || '|' || (select count(*) || '/' || coalesce(max(state_at), '') || '/' || coalesce(sum(attempts), 0)
          || '/' || count(mbway_phone) from checkouts where merchant_id = ${merchantId})
      || '|' || (select coalesce(max(seq), 0) from events where merchant_id = ${merchantId})
      || '|' || (select count(*) || '/' || coalesce(sum(attempt_count), 0) || '/' || coalesce(sum(next_attempt_ms), 0)
          || '/' || coalesce(sum(state = 'pending'), 0) from deliveries where merchant_id = ${merchantId})
      || '|' || (select count(*) || '/' || coalesce(max(seq), 0) from customers where merchant_id = ${merchantId})
      || '|' || (select count(*) || '/' || coalesce(max(seq), 0) from payment_methods where merchant_id = ${merchantId})
      || '|' || (select count(*) || '/' || coalesce(sum(deleted), 0) from webhooks where merchant_id = ${merchantId})
      || '|' || (select coalesce(max(seq), 0) from payment_attempts where merchant_id = ${merchantId})
      as fingerprint
  `.execute(db);
  return row.rows[0]?.fingerprint ?? "";
}
