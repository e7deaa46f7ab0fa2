import { z } from "zod";
import {
  chargeRequest,
  checkout,
  checkoutRequest,
  checkoutStatus,
  customer,
  customerCreate,
  delivery,
  errorEnvelope,
  event,
  eventWithDeliveries,
  multibancoPaymentRequest,
  payment,
  referenceRequest,
  refund,
  refundRequest,
  storedPaymentMethod,
  webhook,
  webhookCreate,
  paymentMethodDeleted,
  webhookDeleted,
  webhookWithSecret,
} from "../../contract";
import { eventExample, examples } from "./examples";

export interface ComponentMeta {
  id: string;
  description: string;
  examples?: unknown[];
}

/**
 * The contract's schemas that the OpenAPI document names as components (`#/components/schemas/<id>`),
 * and whether they describe what the API receives (input) or answers (output): a request schema
 * with defaults or transforms reads differently on each side.
 */
export const components = z.registry<ComponentMeta>();
export const inputComponents = new Set<z.ZodType>();

function name(schema: z.ZodType, meta: ComponentMeta, io: "input" | "output" = "output") {
  components.add(schema, meta);
  if (io === "input") inputComponents.add(schema);
}

name(
  checkoutRequest,
  {
    id: "CheckoutRequest",
    description: "What to charge and how the checkout page behaves.",
    examples: [examples.checkoutRequest],
  },
  "input",
);
name(checkout, {
  id: "Checkout",
  description: "A checkout just created: embed `checkoutUrl` (or its id) in your page.",
  examples: [examples.checkout],
});
name(checkoutStatus, {
  id: "CheckoutStatus",
  description: "A checkout with its state, attempts and, once paid, how it was paid.",
  examples: [examples.checkoutStatus],
});
name(
  customerCreate,
  { id: "CustomerCreate", description: "A customer to register.", examples: [examples.customerCreate] },
  "input",
);
name(customer, { id: "Customer", description: "A registered customer.", examples: [examples.customer] });
name(storedPaymentMethod, {
  id: "PaymentMethod",
  description: "A customer's saved card or MB WAY number. Never the card number or security code.",
  examples: [examples.paymentMethod],
});
name(
  referenceRequest,
  {
    id: "ReferenceRequest",
    description: "A Multibanco reference to generate.",
    examples: [examples.referenceRequest],
  },
  "input",
);
name(
  chargeRequest,
  {
    id: "ChargeRequest",
    description: "A charge of a customer's saved method, made without the shopper (merchant-initiated).",
    examples: [examples.chargeRequest],
  },
  "input",
);
name(payment, {
  id: "Payment",
  description: "A payment: of a checkout, of a Multibanco reference, or a charge of a saved method.",
  examples: [examples.payment],
});
name(
  refundRequest,
  {
    id: "RefundRequest",
    description: "How much to refund (integer cents; left out, what remains) and why.",
    examples: [examples.refundRequest],
  },
  "input",
);
name(refund, {
  id: "Refund",
  description: "A refund. Sandbox refunds succeed at once.",
  examples: [examples.refund],
});
name(
  multibancoPaymentRequest,
  {
    id: "MultibancoPaymentRequest",
    description:
      "A Multibanco payment as the bank network reports it. `entity` and `reference` are taken as a shopper " +
      'types them from a voucher: digits alone ("123456714") or grouped with spaces ("123 456 714").',
    examples: [examples.multibancoPaymentRequest, examples.multibancoPaymentRequestGrouped],
  },
  "input",
);
name(
  webhookCreate,
  {
    id: "WebhookEndpointCreate",
    description: "A URL to notify, and the event types it wants (all when left out).",
    examples: [examples.webhookCreate],
  },
  "input",
);
name(webhook, {
  id: "WebhookEndpoint",
  description: "A registered webhook endpoint.",
  examples: [examples.webhook],
});
name(webhookWithSecret, {
  id: "WebhookEndpointWithSecret",
  description:
    "A webhook endpoint just registered, with the secret its deliveries are signed with (shown once).",
  examples: [examples.webhookWithSecret],
});
name(paymentMethodDeleted, {
  id: "PaymentMethodDeleted",
  description: "A saved method just removed.",
  examples: [{ uuid: examples.paymentMethod.uuid, deleted: true }],
});
name(webhookDeleted, {
  id: "WebhookEndpointDeleted",
  description: "A webhook endpoint just removed.",
  examples: [{ id: examples.webhook.id, deleted: true }],
});
name(delivery, {
  id: "Delivery",
  description:
    "One target of an event (the callbackUrl or a webhook endpoint) and every attempt to deliver it.",
  examples: [examples.delivery],
});
name(eventWithDeliveries, {
  id: "EventWithDeliveries",
  description: "An event as the events log keeps it: its payload's data and its deliveries.",
  examples: [
    {
      ...eventExample("checkout.completed", examples.checkoutStatus),
      deliveries: [examples.delivery],
    },
  ],
});
name(errorEnvelope, {
  id: "Error",
  description: "Every error answer. `error.code` is stable: compare against it, not the message.",
  examples: [
    {
      date: "2026-11-24T10:15:00.000+00:00",
      success: false,
      error: {
        code: "invalid_request",
        message: "amount must be a whole number of cents",
        details: [{ path: "amount", message: "must be a whole number of cents" }],
      },
    },
    {
      date: "2026-11-24T10:15:00.000+00:00",
      success: false,
      error: { code: "storage_unavailable", message: "storage is unavailable, try again" },
    },
  ],
});

/**
 * One component per event type (`PaymentRefundedEvent`, …), each the payload POSTed to your endpoints
 * and documented under the document's `webhooks`.
 */
export const eventComponents = event.options.map((option) => {
  const type = option.shape.type.value;
  const id = `${type
    .split(".")
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join("")}Event`;
  const data = type.startsWith("payment.")
    ? examples.payment
    : type.startsWith("checkout.")
      ? examples.checkoutStatus
      : {
          id: examples.webhook.id,
          url: examples.webhook.url,
          message: "a test notification from the dashboard",
        };
  name(option, {
    id,
    description: `The \`${type}\` notification.`,
    examples: [eventExample(type, data)],
  });
  return { type, id };
});
