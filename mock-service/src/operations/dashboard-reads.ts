import type { z } from "zod";
import type {
  DashboardCheckout,
  DashboardCustomer,
  DashboardMethod,
  DashboardPaymentDetail,
  DashboardPaymentQuery,
  DashboardPaymentRow,
  dashboardCheckoutQuery,
  dashboardCustomerQuery,
} from "../../contract";
import { InvalidRequestError, NotFoundError } from "../http/api-error";
import { checkoutAsOf, paymentAsOf } from "../domain/expiry";
import { lastTriedOf, methodsShown } from "../domain/payment-method-shown";
import { type CheckoutRow, findCheckout } from "../store/checkouts";
import { listCustomers as listCustomerRows, findCustomer } from "../store/customers";
import { listCheckoutRows, listPaymentsWithCheckouts, type PaymentListRow } from "../store/dashboard";
import { listPaymentAttempts } from "../store/payment-attempts";
import { listPaymentMethods } from "../store/payment-methods";
import { findPayment } from "../store/payments";
import { listRefunds } from "../store/refunds";
import { presentCheckoutStatus } from "./checkouts";
import type { Ctx } from "./context";
import { presentCustomer } from "./customers";
import { paymentActionsFor } from "./dashboard-actions";
import { paymentTimeline } from "./dashboard-timeline";
import { listEvents } from "./events";
import type { Merchant } from "./merchants";
import { presentPaymentMethod } from "./payment-methods";
import { presentPayment } from "./payments";

/*
 * What the dashboard reads. Reads never write: a reference past its validity is shown as the store
 * has it until the expiry sweep (or the API's read) records its expiry.
 */

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

function page<T>(rows: T[], limit: number): Page<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

function methodsOf(row: PaymentListRow): DashboardMethod[] {
  return methodsShown({
    offered: row.available_methods,
    paidWith: row.checkout_result?.paymentMethodCode,
    lastTried: row.last_tried ?? undefined,
  });
}

function presentPaymentRow(row: PaymentListRow): DashboardPaymentRow {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    currency: "EUR",
    state: paymentAsOf(row, Date.now()).state,
    methods: methodsOf(row),
    ...(row.checkout_code !== null && { code: row.checkout_code }),
    ...(row.checkout_id !== null && { checkoutId: row.checkout_id }),
    ...(row.reference !== null && { reference: row.reference }),
    createdAt: row.created_at,
  };
}

export async function listDashboardPayments(
  ctx: Ctx,
  merchant: Merchant,
  query: DashboardPaymentQuery,
): Promise<Page<DashboardPaymentRow>> {
  let before: { createdAt: string; id: string } | undefined;
  if (query.startingAfter) {
    const cursor = await findPayment(ctx.db, merchant.id, query.startingAfter);
    if (!cursor) throw InvalidRequestError.field("startingAfter", "is not a payment of yours");
    before = { createdAt: cursor.created_at, id: cursor.id };
  }
  const rows = await listPaymentsWithCheckouts(ctx.db, merchant.id, {
    state: query.state,
    method: query.method,
    search: query.q || undefined,
    before,
    limit: query.limit + 1,
  });
  return page(rows.map(presentPaymentRow), query.limit);
}

function presentDashboardCheckout(ctx: Ctx, row: CheckoutRow): DashboardCheckout {
  return {
    ...presentCheckoutStatus(checkoutAsOf(row, Date.now()), ctx.config.PUBLIC_URL),
    ...(row.code !== null && { code: row.code }),
  };
}

export async function getDashboardPayment(
  ctx: Ctx,
  merchant: Merchant,
  id: string,
): Promise<DashboardPaymentDetail> {
  const row = await findPayment(ctx.db, merchant.id, id);
  if (!row) throw new NotFoundError("payment");
  const checkoutRow = row.checkout_id ? await findCheckout(ctx.db, merchant.id, row.checkout_id) : undefined;
  const refunds = row.amount_refunded > 0 ? await listRefunds(ctx.db, merchant.id, row.id) : [];
  const payment = presentPayment(paymentAsOf(row, Date.now()), { refunds });
  const checkout = checkoutRow && presentDashboardCheckout(ctx, checkoutRow);
  const events = (await listEvents(ctx, merchant, { paymentId: row.id, limit: 100 })).reverse();
  const attempts = checkoutRow ? await listPaymentAttempts(ctx.db, merchant.id, row.id) : [];
  return {
    payment,
    ...(checkout && { checkout }),
    methods: methodsShown({
      offered: row.available_methods,
      paidWith: checkoutRow?.result?.paymentMethodCode,
      lastTried: lastTriedOf(attempts),
    }),
    timeline: paymentTimeline({ payment, checkout, attempts, refunds: payment.refunds, events }),
    events,
    actions: paymentActionsFor(row, checkoutRow),
  };
}

export async function listDashboardCheckouts(
  ctx: Ctx,
  merchant: Merchant,
  query: z.infer<typeof dashboardCheckoutQuery>,
): Promise<Page<DashboardCheckout>> {
  let before: { createdAt: string; id: string } | undefined;
  if (query.startingAfter) {
    const cursor = await findCheckout(ctx.db, merchant.id, query.startingAfter);
    if (!cursor) throw InvalidRequestError.field("startingAfter", "is not a checkout of yours");
    before = { createdAt: cursor.created_at, id: cursor.id };
  }
  const rows = await listCheckoutRows(ctx.db, merchant.id, {
    state: query.state,
    before,
    limit: query.limit + 1,
  });
  return page(
    rows.map((row) => presentDashboardCheckout(ctx, row)),
    query.limit,
  );
}

/** Customers oldest first (as the API lists them), each with its stored payment methods. */
export async function listDashboardCustomers(
  ctx: Ctx,
  merchant: Merchant,
  query: z.infer<typeof dashboardCustomerQuery>,
): Promise<Page<DashboardCustomer>> {
  let afterSeq: number | undefined;
  if (query.startingAfter) {
    const cursor = await findCustomer(ctx.db, merchant.id, query.startingAfter);
    if (!cursor) throw InvalidRequestError.field("startingAfter", "is not a customer of yours");
    afterSeq = cursor.seq;
  }
  const rows = await listCustomerRows(ctx.db, merchant.id, { afterSeq, limit: query.limit + 1 });
  const customers: DashboardCustomer[] = [];
  for (const row of rows) {
    const methods = await listPaymentMethods(ctx.db, merchant.id, row.uuid);
    customers.push({ ...presentCustomer(row), paymentMethods: methods.map(presentPaymentMethod) });
  }
  return page(customers, query.limit);
}
