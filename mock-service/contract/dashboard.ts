import { z } from "zod";
import { checkoutState, checkoutStatus, declineReason } from "./checkouts";
import { isoDateTime, listLimit } from "./common";
import { customer } from "./customers";
import { eventWithDeliveries, loggedEventType } from "./events";
import { storedPaymentMethod } from "./payment-methods";
import { payment, paymentState } from "./payments";

/*
 * The test-mode dashboard's own endpoints (`/dashboard/api/*`): not part of the merchant API, and
 * left out of the OpenAPI document. The dashboard's browser code imports these types only.
 */

export const dashboardSignIn = z.strictObject({
  apiKey: z.string().trim().min(1, "enter your API key").max(200, "is not an API key"),
});

export const dashboardSession = z.object({
  merchant: z.object({ id: z.string(), name: z.string() }),
  /** Where the service answers, for the curl line of an empty list. */
  serviceUrl: z.string(),
  /** The demo shop, when the service was told where it runs. */
  demoShopUrl: z.string().optional(),
  expiresAt: isoDateTime,
});
export type DashboardSession = z.infer<typeof dashboardSession>;

export const DASHBOARD_METHODS = ["MB", "CC", "MW"] as const;
export const dashboardMethod = z.enum(DASHBOARD_METHODS);
export type DashboardMethod = z.infer<typeof dashboardMethod>;

export const dashboardPaymentQuery = z.strictObject({
  state: paymentState.optional(),
  method: dashboardMethod.optional(),
  /** A payment or checkout id, a Multibanco reference, or the merchant's `code`. */
  q: z.string().trim().max(64, "must be at most 64 characters").optional(),
  limit: listLimit,
  startingAfter: z
    .string()
    .regex(/^pay_[A-Za-z0-9]{20}$/, "is not a payment id")
    .optional(),
});
export type DashboardPaymentQuery = z.infer<typeof dashboardPaymentQuery>;

export const dashboardPaymentRow = z.object({
  id: z.string(),
  kind: z.enum(["reference", "checkout", "charge"]),
  amount: z.number().int(),
  currency: z.literal("EUR"),
  state: paymentState,
  /** The method paid with; for an unpaid checkout, the methods it offers. */
  methods: z.array(dashboardMethod),
  code: z.string().optional(),
  checkoutId: z.string().optional(),
  reference: z.string().optional(),
  createdAt: isoDateTime,
});
export type DashboardPaymentRow = z.infer<typeof dashboardPaymentRow>;

export function dashboardPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), hasMore: z.boolean() });
}

/**
 * What can be done to a payment from the dashboard, each through the same operation as the API.
 * A new one is a name here, an entry in operations/dashboard-actions.ts and a label in each catalog.
 */
export const PAYMENT_ACTIONS = [
  "simulateMultibanco",
  "expireReference",
  "approveMbway",
  "declineMbway",
  "completeChallenge",
  "failChallenge",
  "refund",
] as const;
export const paymentAction = z.enum(PAYMENT_ACTIONS);
export type PaymentAction = z.infer<typeof paymentAction>;

export const TIMELINE_KINDS = [
  "created",
  "mbwayWaiting",
  "confirmed",
  "declined",
  "expired",
  "event",
] as const;

export const timelineEntry = z.object({
  at: isoDateTime,
  kind: z.enum(TIMELINE_KINDS),
  reason: declineReason.optional(),
  eventType: loggedEventType.optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const dashboardCheckout = checkoutStatus.extend({ code: z.string().optional() });
export type DashboardCheckout = z.infer<typeof dashboardCheckout>;

export const dashboardPaymentDetail = z.object({
  payment,
  checkout: dashboardCheckout.optional(),
  timeline: z.array(timelineEntry),
  events: z.array(eventWithDeliveries),
  actions: z.array(paymentAction),
});
export type DashboardPaymentDetail = z.infer<typeof dashboardPaymentDetail>;

export const dashboardCheckoutQuery = z.strictObject({
  state: checkoutState.optional(),
  limit: listLimit,
  startingAfter: z
    .string()
    .regex(/^ck_[A-Za-z0-9]{20}$/, "is not a checkout id")
    .optional(),
});

export const dashboardCustomer = customer.extend({ paymentMethods: z.array(storedPaymentMethod) });
export type DashboardCustomer = z.infer<typeof dashboardCustomer>;

export const dashboardCustomerQuery = z.strictObject({
  limit: listLimit,
  startingAfter: z.uuid("must be the uuid of a customer").optional(),
});

export type DashboardEvent = z.infer<typeof eventWithDeliveries>;
