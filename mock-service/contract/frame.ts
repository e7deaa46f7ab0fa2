import { z } from "zod";
import { checkoutState, declineReason, paymentMethodCode } from "./checkouts";

/**
 * The checkout frame's own API (`/frame-api/...`), authorised by the checkout id alone.
 * It never exposes merchant secrets and never returns card data.
 */
export const frameCheckout = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal("EUR"),
  summary: z.string().optional(),
  /** The merchant's `page.language`; absent when the frame speaks the shopper's browser language. */
  language: z.string().optional(),
  paymentMethods: z.array(paymentMethodCode),
  createRegistration: z.boolean(),
  state: checkoutState,
  attemptsLeft: z.number().int(),
  reason: declineReason.optional(),
  /** Present once the checkout reached a final state: where the shopper's browser goes next. */
  redirectUrl: z.string().optional(),
  mbway: z
    .object({ paymentStatus: z.enum(["idle", "waiting"]), expiresAt: z.string().optional() })
    .optional(),
});
export type FrameCheckout = z.infer<typeof frameCheckout>;

export const cardPaymentRequest = z.strictObject({
  holder: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  number: z.string().regex(/^\d{12,19}$/, "must be 12 to 19 digits"),
  expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, "must be 01 to 12"),
  expiryYear: z.string().regex(/^20\d{2}$/, "must be a four-digit year"),
  cvc: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
});
export type CardPaymentRequest = z.infer<typeof cardPaymentRequest>;

export const paymentOutcome = z.object({
  state: checkoutState,
  approved: z.boolean(),
  reason: declineReason.optional(),
  attemptsLeft: z.number().int(),
  redirectUrl: z.string().optional(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;

export const mbwayPaymentRequest = z.strictObject({
  countryCode: z.string().regex(/^\d{1,4}$/, "must be a country calling code"),
  number: z.string().regex(/^\d{4,14}$/, "must be 4 to 14 digits"),
});
export type MbwayPaymentRequest = z.infer<typeof mbwayPaymentRequest>;

/**
 * `GET /embed/{id}/status?origin=…`: why a checkout's frame may not load on a page, for the loader's
 * diagnosis. Only what the frame page itself shows to anyone holding the id: whether the checkout
 * can be paid, and the origins its `frame-ancestors` allows (the action URL's origin and
 * FRAME_ANCESTORS; `*` for an unknown checkout, whose page is only a "not found" message).
 */
export const embedStatusQuery = z.object({
  origin: z.string().max(300).optional(),
});
export const embedStatus = z.object({
  checkout: z.enum(["open", "closed", "unknown"]),
  allowedOrigins: z.array(z.string()),
  /** Whether `origin` may show the frame; null when no origin was given. */
  originAllowed: z.boolean().nullable(),
  /** The same, in one sentence for the developer's console. */
  message: z.string(),
});
export type EmbedStatus = z.infer<typeof embedStatus>;
