import { z } from "zod";
import { paymentMethodCode } from "./checkouts";

export const cardMethod = z.object({
  code: z.literal("CC"),
  uuid: z.uuid(),
  brand: z.string(),
  last4Digits: z.string().regex(/^\d{4}$/),
  holder: z.string(),
  expiryMonth: z.string().regex(/^\d{2}$/),
  expiryYear: z.string().regex(/^\d{4}$/),
});

export const mbwayMethod = z.object({
  code: z.literal("MW"),
  uuid: z.uuid(),
  countryCode: z.string().regex(/^\d{1,4}$/),
  last3Digits: z.string().regex(/^\d{3}$/),
});

/** Element of `GET /customers/{uuid}/paymentMethods` (section 2.5, the list operation's names). */
export const storedPaymentMethod = z.discriminatedUnion("code", [cardMethod, mbwayMethod]);
export type StoredPaymentMethod = z.infer<typeof storedPaymentMethod>;

/** `data` of `DELETE /customers/{uuid}/paymentMethods/{methodUuid}`. */
export const paymentMethodDeleted = z.object({ uuid: z.uuid(), deleted: z.literal(true) });

export const paymentMethodsQuery = z.strictObject({ type: paymentMethodCode.optional() });

export const paymentMethodParams = z.object({
  uuid: z.uuid("must be a UUID"),
  methodUuid: z.uuid("must be a UUID"),
});
