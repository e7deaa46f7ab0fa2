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
  signedIn: z.literal(true),
  merchant: z.object({ id: z.string(), name: z.string() }),
  /** Where the service answers, for the curl line of an empty list. */
  serviceUrl: z.string(),
  /** The demo shop, when the service was told where it runs. */
  demoShopUrl: z.string().optional(),
  expiresAt: isoDateTime,
});
export type DashboardSession = z.infer<typeof dashboardSession>;

/**
 * `GET /dashboard/api/session`: who is signed in, or that nobody is. Asking is not a failure, so a
 * page that checks on load answers 200 either way; every other endpoint answers 401 without a session.
 */
export const dashboardSessionState = z.discriminatedUnion("signedIn", [
  dashboardSession,
  z.object({ signedIn: z.literal(false) }),
]);
export type DashboardSessionState = z.infer<typeof dashboardSessionState>;

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
  /**
   * The method paid with; else the one the shopper chose and is paying with or last tried; only
   * while none was chosen, the methods the checkout offers.
   */
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

/** How the shopper tried to pay a checkout, as its attempt log records it (never card data). */
export const ATTEMPT_METHODS = ["card", "savedCard", "mbway", "multibanco"] as const;
export const attemptMethod = z.enum(ATTEMPT_METHODS);
export type AttemptMethod = z.infer<typeof attemptMethod>;

/** The final answer to one counted attempt (each uses one of the checkout's attempts). */
export const ATTEMPT_RESULTS = ["approved", "declined", "timedOut"] as const;
export const attemptResult = z.enum(ATTEMPT_RESULTS);
export type AttemptResult = z.infer<typeof attemptResult>;

/** 3-D Secure: the issuer asked for a challenge, and what became of it. */
export const AUTHENTICATION_STEPS = [
  "challengeRequired",
  "challengeCompleted",
  "challengeFailed",
  "challengeTimedOut",
] as const;
export const authenticationStep = z.enum(AUTHENTICATION_STEPS);
export type AuthenticationStep = z.infer<typeof authenticationStep>;

const at = isoDateTime;

/**
 * One thing that happened to a payment, for the dashboard's timeline. A new kind is an entry here, a
 * case in operations/dashboard-timeline.ts and a label in each catalog.
 */
export const timelineEntry = z.discriminatedUnion("kind", [
  z.object({ at, kind: z.literal("created") }),
  /** A counted attempt: its number among the checkout's attempts, how, and the answer. */
  z.object({
    at,
    kind: z.literal("attempt"),
    number: z.number().int().min(1),
    method: attemptMethod,
    result: attemptResult,
    reason: declineReason.optional(),
  }),
  z.object({ at, kind: z.literal("authentication"), method: attemptMethod, step: authenticationStep }),
  z.object({ at, kind: z.literal("mbwayWaiting") }),
  z.object({ at, kind: z.literal("mbwayCancelled") }),
  z.object({ at, kind: z.literal("voucherIssued") }),
  z.object({ at, kind: z.literal("confirmed") }),
  z.object({ at, kind: z.literal("declined"), reason: declineReason.optional() }),
  z.object({ at, kind: z.literal("expired"), reason: declineReason.optional() }),
  z.object({ at, kind: z.literal("refunded"), refundId: z.string(), amount: z.number().int() }),
  z.object({ at, kind: z.literal("event"), eventType: loggedEventType }),
]);
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type TimelineKind = TimelineEntry["kind"];

export const dashboardCheckout = checkoutStatus.extend({ code: z.string().optional() });
export type DashboardCheckout = z.infer<typeof dashboardCheckout>;

export const dashboardPaymentDetail = z.object({
  payment,
  checkout: dashboardCheckout.optional(),
  /** What the payments list shows in its Method column (`dashboardPaymentRow.methods`). */
  methods: z.array(dashboardMethod),
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
