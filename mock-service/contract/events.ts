import { z } from "zod";
import { checkoutStatus } from "./checkouts";
import { httpUrl, isoDateTime, listLimit } from "./common";
import { payment } from "./payments";

export const EVENT_TYPES = [
  "payment.confirmed",
  "payment.declined",
  "payment.expired",
  "payment.refunded",
  "checkout.completed",
  "checkout.failed",
] as const;
/** The event types an endpoint can listen to. */
export const eventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventType>;

/** Every type in the event log: the above, and `webhook.test`, sent from the dashboard to one endpoint. */
export const LOGGED_EVENT_TYPES = [...EVENT_TYPES, "webhook.test"] as const;
export const loggedEventType = z.enum(LOGGED_EVENT_TYPES);
export type LoggedEventType = z.infer<typeof loggedEventType>;

/** What is POSTed to callbackUrl and webhook endpoints: `data` is the resource exactly as its GET returns it. */
export const event = z.discriminatedUnion("type", [
  z.object({ id: z.string(), type: z.literal("payment.confirmed"), createdAt: isoDateTime, data: payment }),
  z.object({ id: z.string(), type: z.literal("payment.declined"), createdAt: isoDateTime, data: payment }),
  z.object({ id: z.string(), type: z.literal("payment.expired"), createdAt: isoDateTime, data: payment }),
  z.object({ id: z.string(), type: z.literal("payment.refunded"), createdAt: isoDateTime, data: payment }),
  z.object({
    id: z.string(),
    type: z.literal("checkout.completed"),
    createdAt: isoDateTime,
    data: checkoutStatus,
  }),
  z.object({
    id: z.string(),
    type: z.literal("checkout.failed"),
    createdAt: isoDateTime,
    data: checkoutStatus,
  }),
  // Sent from the dashboard to one endpoint only, to try it: nothing happened to any payment.
  z.object({
    id: z.string(),
    type: z.literal("webhook.test"),
    createdAt: isoDateTime,
    data: z.object({ id: z.string(), url: z.string(), message: z.string() }),
  }),
]);
export type Event = z.infer<typeof event>;

export const webhookCreate = z.strictObject({
  url: httpUrl,
  events: z.array(eventType).min(1, "must list at least one event type").optional(),
});

export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(eventType),
  createdAt: isoDateTime,
});
export const webhookWithSecret = webhook.extend({ secret: z.string() });
export type Webhook = z.infer<typeof webhook>;

/** `data` of `DELETE /webhooks/{id}`. */
export const webhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const webhookIdParam = z.object({
  id: z.string().regex(/^we_[A-Za-z0-9]{20}$/, "is not a webhook id"),
});
export const eventIdParam = z.object({ id: z.string().regex(/^evt_[A-Za-z0-9]{20}$/, "is not an event id") });

export const deliveryAttempt = z.object({
  at: isoDateTime,
  statusCode: z.number().int().optional(),
  error: z.string().optional(),
  durationMs: z.number().int(),
});

export const delivery = z.object({
  id: z.string(),
  target: z.enum(["callback", "webhook"]),
  webhookId: z.string().optional(),
  url: z.string(),
  state: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.array(deliveryAttempt),
  nextAttemptAt: isoDateTime.optional(),
});

export const eventWithDeliveries = z.object({
  id: z.string(),
  type: loggedEventType,
  createdAt: isoDateTime,
  data: z.unknown(),
  deliveries: z.array(delivery),
});

export const eventListQuery = z.strictObject({
  paymentId: z.string().max(64).optional(),
  type: loggedEventType.optional(),
  limit: listLimit,
  startingAfter: z.string().max(64).optional(),
});
