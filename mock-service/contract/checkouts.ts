import { z } from "zod";
import { amount, httpUrl, isoDateTime, phoneNumber } from "./common";
import { CHECKOUT_STATES } from "./checkout-states";
import { CHECKOUT_ID } from "./ids";
import { isLanguage } from "./languages";

/** Card, MB WAY and Multibanco; a checkout created without a method code offers all three. */
export const PAYMENT_METHOD_CODES = ["CC", "MW", "MB"] as const;
export const paymentMethodCode = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof paymentMethodCode>;

const shortText = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

export const inlineCustomer = z.strictObject({
  uuid: z.uuid("must be a UUID").optional(),
  customerId: shortText(64).optional(),
  firstName: shortText(100).optional(),
  lastName: shortText(100).optional(),
  phoneNumber: phoneNumber.optional(),
  email: z.email("must be an e-mail address").max(254).optional(),
});

export const checkoutRequest = z.strictObject({
  payment: z.strictObject({
    amount,
    code: shortText(64).optional(),
    summary: shortText(500).optional(),
    recurring: z.strictObject({ amountQualifier: z.enum(["ESTM"]) }).optional(),
    customer: inlineCustomer
      .refine(
        (c) => !c.uuid || Object.keys(c).length === 1,
        "give either a registered customer's uuid or inline customer data, not both",
      )
      .optional(),
    billingAddress: z
      .strictObject({
        country: z.string().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code"),
        city: shortText(100).optional(),
        street1: shortText(200).optional(),
        postCode: shortText(20).optional(),
      })
      .optional(),
    paymentMethod: z
      .strictObject({
        code: paymentMethodCode.optional(),
        details: z.strictObject({ createRegistration: z.boolean().optional() }).optional(),
      })
      .optional(),
  }),
  page: z
    .strictObject({
      language: z
        .string()
        .transform((v) => v.toUpperCase())
        .refine(isLanguage, "must be one of EN, PT, ES, FR, DE")
        .optional(),
      layout: z.enum(["embed"]).optional(),
    })
    .optional(),
  redirects: z
    .array(z.strictObject({ type: z.enum(["action"]), url: httpUrl }))
    .max(5, "must have at most 5 entries")
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const checkoutState = z.enum(CHECKOUT_STATES);

/** `data` of `POST /checkouts` (section 2.3). */
export const checkout = z.object({
  id: z.string(),
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  checkoutUrl: z.string(),
  paymentId: z.string(),
  stateDetails: z.object({ state: checkoutState, timestamp: isoDateTime }),
});
export type Checkout = z.infer<typeof checkout>;

export const DECLINE_REASONS = [
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "not_a_test_card",
  "mbway_declined",
  "mbway_timeout",
  "attempts_exhausted",
  "authentication_failed",
  "authentication_required",
] as const;
export const declineReason = z.enum(DECLINE_REASONS);
export type DeclineReason = z.infer<typeof declineReason>;

/** `data` of `GET /checkouts/{id}`: the checkout of section 2.3 plus its outcome. */
export const checkoutStatus = checkout.extend({
  amount: z.number().int(),
  currency: z.literal("EUR"),
  /** The merchant's order code and summary, as given when the checkout was created. */
  code: z.string().optional(),
  summary: z.string().optional(),
  language: z.string(),
  paymentMethods: z.array(paymentMethodCode),
  createRegistration: z.boolean(),
  attempts: z.number().int(),
  expiresAt: isoDateTime,
  stateDetails: z.object({
    state: checkoutState,
    timestamp: isoDateTime,
    reason: declineReason.optional(),
    /** The stored payment method this payment used or created. */
    registrationId: z.uuid().optional(),
  }),
  result: z
    .object({
      paymentMethodCode,
      brand: z.string().optional(),
      last4Digits: z.string().optional(),
      last3Digits: z.string().optional(),
      registrationId: z.uuid().optional(),
    })
    .optional(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

export const checkoutId = z.string().regex(CHECKOUT_ID, "is not a checkout id");
export const checkoutIdParam = z.object({ id: checkoutId });
