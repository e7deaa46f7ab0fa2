import { z } from "zod";
import { errorCode } from "./errors";
import { strictUrlProblem } from "./strict-url";

/** ISO 8601 date-time that carries an offset (`Z` or `+hh:mm`). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** `<country_code>#<number>`, e.g. `351#912345678`. */
export const phoneNumber = z
  .string()
  .regex(/^[1-9]\d{0,3}#\d{4,14}$/, "must be <country_code>#<number>, e.g. 351#912345678");

export const amount = z
  .number()
  .int("must be a whole number of cents")
  .min(1, "must be at least 1")
  .max(99_999_999, "must be at most 99999999");

export const errorDetail = z.object({ path: z.string(), message: z.string() });

export const errorEnvelope = z.object({
  date: isoDateTime,
  success: z.literal(false),
  error: z.object({
    code: errorCode,
    message: z.string(),
    details: z.array(errorDetail).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The success envelope of section 2.1 around any `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ date: isoDateTime, success: z.literal(true), data });
}

/** Envelope of the payment-methods list, the one response that carries `apiVersion`. */
export function versionedEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    date: isoDateTime,
    success: z.literal(true),
    data,
    apiVersion: z.string().regex(/^\d+\.\d+$/),
  });
}

export const API_VERSION = "1.0";

export const listLimit = z.coerce
  .number()
  .int("must be an integer")
  .min(1, "must be between 1 and 100")
  .max(100, "must be between 1 and 100")
  .default(20);

/** An http(s) URL with one real host: no wildcard, credentials, quotes, spaces, `;` or `,` in its origin. */
export const httpUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .superRefine((value, ctx) => {
    const problem = strictUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
