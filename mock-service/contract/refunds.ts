import { z } from "zod";
import { amount, isoDateTime } from "./common";

export const refundRequest = z.strictObject({
  /** Integer cents; left out, the refund is whatever remains to refund. */
  amount: amount.optional(),
  reason: z.string().trim().min(1, "must not be empty").max(500, "must be at most 500 characters").optional(),
});
export type RefundRequest = z.infer<typeof refundRequest>;

/** A refund of part or all of a confirmed payment. Sandbox refunds succeed at once. */
export const refund = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number().int(),
  reason: z.string().optional(),
  state: z.literal("succeeded"),
  createdAt: isoDateTime,
});
export type Refund = z.infer<typeof refund>;
