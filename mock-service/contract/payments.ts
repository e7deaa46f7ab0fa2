import { z } from "zod";
import { declineReason, paymentMethodCode } from "./checkouts";
import { amount, httpUrl, isoDateTime } from "./common";
import { refund } from "./refunds";

/** `awaiting_authentication`: a card payment waits for the shopper's 3-D Secure challenge. */
export const PAYMENT_STATES = [
  "pending",
  "awaiting_authentication",
  "confirmed",
  "declined",
  "expired",
] as const;
export const paymentState = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentState>;

export const referenceRequest = z
  .strictObject({
    type: z.enum(["payment"]),
    amount,
    callbackUrl: httpUrl.optional(),
    availableMethods: z
      .array(z.strictObject({ code: z.enum(["MB"]) }))
      .min(1, "must list at least one method")
      .max(1, "must list one method"),
    validDate: z.strictObject({ start: isoDateTime, end: isoDateTime }),
  })
  .superRefine((body, ctx) => {
    const start = Date.parse(body.validDate.start);
    const end = Date.parse(body.validDate.end);
    if (!(end > start)) {
      ctx.addIssue({ code: "custom", path: ["validDate", "end"], message: "must be after validDate.start" });
    } else if (end - start > 366 * 24 * 3600 * 1000) {
      ctx.addIssue({
        code: "custom",
        path: ["validDate", "end"],
        message: "must be at most 366 days after start",
      });
    }
  });
export type ReferenceRequest = z.infer<typeof referenceRequest>;

/** `data` of `POST /payments/references`, `POST /payments` and `GET /payments/{id}` (section 2.6). */
export const payment = z.object({
  id: z.string(),
  type: z.literal("payment"),
  referenceDetails: z.object({ entity: z.string(), reference: z.string() }).optional(),
  stateDetails: z.object({
    state: paymentState,
    createdAt: isoDateTime.optional(),
    /** The stored payment method that paid (a saved card), or that this payment stored. */
    registrationId: z.uuid().optional(),
    /** Why a charge of a saved method was declined or expired. */
    reason: declineReason.optional(),
  }),
  amount: z.number().int(),
  currency: z.literal("EUR"),
  /** The merchant's own order code and summary, as given to the checkout or the charge. */
  code: z.string().optional(),
  summary: z.string().optional(),
  /** Sum of the refunds, in cents. */
  amountRefunded: z.number().int(),
  refunds: z.array(refund),
  /** A charge of a saved method: whose method it was. */
  customer: z.object({ uuid: z.uuid() }).optional(),
  paymentMethod: z.object({ uuid: z.uuid(), code: paymentMethodCode }).optional(),
  checkoutId: z.string().optional(),
  callbackUrl: z.string().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  validDate: z.object({ start: isoDateTime, end: isoDateTime }).optional(),
  availableMethods: z.array(
    z.object({ code: z.enum(["MB", "CC", "MW"]), type: z.literal("REALTIME"), name: z.string() }),
  ),
});
export type Payment = z.infer<typeof payment>;

export const paymentIdParam = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]{20}$/, "is not a payment id"),
});

/**
 * Digits as a shopper types them from a voucher: grouped with spaces ("598 946 951") or not. Only
 * spaces between digits are accepted, and they are dropped: the operation sees the digits alone.
 */
const typedDigits = (count: number) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d(?: *\\d){${count - 1}}$`),
      `must be ${count} digits, optionally grouped with spaces`,
    )
    .overwrite((value) => value.replaceAll(" ", ""));

export const multibancoPaymentRequest = z.strictObject({
  entity: typedDigits(5),
  reference: typedDigits(9),
  amount,
});

const shortText = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** `POST /payments`: charge a customer's saved method without the shopper (merchant-initiated). */
export const chargeRequest = z.strictObject({
  amount,
  customer: z.strictObject({ uuid: z.uuid("must be a UUID") }),
  paymentMethod: z.strictObject({ uuid: z.uuid("must be a UUID") }),
  code: shortText(64).optional(),
  summary: shortText(500).optional(),
});
export type ChargeRequest = z.infer<typeof chargeRequest>;
