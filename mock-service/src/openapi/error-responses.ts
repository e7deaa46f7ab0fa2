import { errorEnvelope } from "../../contract";
import type { ErrorCode } from "../../contract/errors";

type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 415 | 422 | 429;

/**
 * Error answers a route declares beyond those every operation may give (400 for bad input, 401, 413
 * and 415 for bodies, 429, 503): `response: { 201: envelope(refund), ...errors(404, 409) }`. They are
 * checked like any answer, and documented as the shared responses below.
 */
export function errors(...statuses: ErrorStatus[]): Record<number, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope]));
}

function example(code: ErrorCode, message: string, details?: { path: string; message: string }[]) {
  return {
    summary: code,
    value: {
      date: "2026-11-24T10:15:00.000+00:00",
      success: false,
      error: { code, message, ...(details && { details }) },
    },
  };
}

function response(
  name: string,
  description: string,
  examples: ReturnType<typeof example>[],
  headers?: Record<string, object>,
) {
  return {
    name,
    response: {
      description,
      ...(headers && { headers }),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          examples: Object.fromEntries(examples.map((e) => [e.summary, e])),
        },
      },
    },
  };
}

/** The shared error answers of the OpenAPI document, by status. */
export const errorResponses: Record<string, { name: string; response: object }> = {
  "400": response(
    "BadRequest",
    "The request is malformed or a field is not valid; `details` names each field.",
    [
      example("invalid_request", "amount must be a whole number of cents", [
        { path: "amount", message: "must be a whole number of cents" },
      ]),
      example(
        "amount_exceeds_refundable",
        "the refund is more than remains to refund: amount must be at most 1500",
        [{ path: "amount", message: "must be at most 1500" }],
      ),
      example("action_redirect_required", "a checkout needs a redirect of type action", [
        { path: "redirects", message: "must contain an entry with type action" },
      ]),
    ],
  ),
  "401": response("Unauthorized", "The API key is missing or not valid.", [
    example("unauthorized", "missing or invalid API key"),
  ]),
  "404": response(
    "NotFound",
    "Nothing with that id, or it belongs to another merchant (the two are not told apart).",
    [example("not_found", "payment not found")],
  ),
  "409": response("Conflict", "The resource is not in a state that allows this.", [
    example("payment_not_refundable", "this payment is pending: only confirmed payments can be refunded"),
    example(
      "refund_not_supported",
      "Multibanco payments cannot be refunded: a refund needs the payer's IBAN; refund it outside the sandbox",
    ),
    example("webhook_exists", "a webhook endpoint for this URL exists already: we_B5nM2xQ8vL3tK7wR9cZp", [
      { path: "url", message: "is registered already as we_B5nM2xQ8vL3tK7wR9cZp" },
    ]),
    example("idempotency_key_reused", "this Idempotency-Key was used with another request", [
      { path: "headers.idempotency-key", message: "was used with a different request body" },
    ]),
    example("no_challenge", "no 3-D Secure challenge is open for this payment"),
  ]),
  "413": response("PayloadTooLarge", "The body is larger than 100 KB.", [
    example("payload_too_large", "the body exceeds 100 KB"),
  ]),
  "415": response("UnsupportedMediaType", "The body is not `application/json`.", [
    example("unsupported_media_type", "send the body as application/json"),
  ]),
  "422": response("UnprocessableEntity", "Well-formed, but it does not match what it refers to.", [
    example("amount_mismatch", "the amount paid differs from the reference's amount", [
      { path: "amount", message: "must be exactly 1500" },
    ]),
  ]),
  "429": response("TooManyRequests", "Too many requests with this API key in the last minute.", [
    example("rate_limited", "too many requests, retry after 1 minute"),
  ]),
  "503": response(
    "ServiceUnavailable",
    "The service cannot do it right now; nothing was written and the same request may be retried " +
      "(with the same Idempotency-Key). `storage_unavailable`: the database could not commit or sync " +
      "(disk full, read-only, I/O error), or a read saw writes whose commit then failed. " +
      "`references_exhausted`: no free Multibanco reference number was found.",
    [
      example("storage_unavailable", "storage is unavailable, try again"),
      example("references_exhausted", "no free reference number, try again"),
    ],
    {
      "Retry-After": {
        description: "Seconds to wait before retrying; sent with `storage_unavailable`.",
        schema: { type: "integer", minimum: 1 },
        example: 5,
      },
    },
  ),
};
