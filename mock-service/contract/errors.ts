import { z } from "zod";

/**
 * Every `error.code` the API answers. Clients compare against these, never against free strings;
 * a new code is added here first.
 */
export const ERROR_CODES = [
  // 400: the request is malformed or names something invalid
  "invalid_request",
  "invalid_json",
  "bad_request",
  "invalid_card",
  "invalid_phone",
  "action_redirect_required",
  "registration_requires_customer",
  "idempotency_key_reused",
  "webhook_limit_reached",
  "amount_exceeds_refundable",
  // 401
  "unauthorized",
  // 403
  "origin_not_allowed",
  // 404
  "not_found",
  // 409: the resource is not in a state that allows it
  "already_paid",
  "checkout_closed",
  "method_not_offered",
  "no_deliveries",
  "not_waiting",
  "payment_in_progress",
  "reference_expired",
  "reference_not_yet_valid",
  "customer_exists",
  "idempotency_key_in_use",
  "webhook_exists",
  "payment_not_refundable",
  "refund_not_supported",
  "no_challenge",
  // 413, 415
  "payload_too_large",
  "unsupported_media_type",
  // 422: the request is well-formed but does not match what it refers to
  "amount_mismatch",
  "check_digits_mismatch",
  // 429
  "rate_limited",
  // 5xx
  "internal_error",
  "storage_unavailable",
  "references_exhausted",
  "widget_not_built",
  // reported by the widget (never by the API): the frame could not be loaded
  "frame_unavailable",
] as const;

export const errorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCode>;
