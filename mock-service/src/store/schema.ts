import type { Generated } from "kysely";
import type { AttemptMethod, AttemptResult, AuthenticationStep, DeclineReason } from "../../contract";

export interface MerchantTable {
  id: string;
  name: string;
  api_key_hash: string;
  signing_secret: string;
  entity: string;
  created_at: string;
}

export interface CustomerTable {
  seq: Generated<number>;
  uuid: string;
  merchant_id: string;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  created_at: string;
}

export interface PaymentMethodTable {
  seq: Generated<number>;
  uuid: string;
  merchant_id: string;
  customer_uuid: string;
  code: "CC" | "MW";
  brand: string | null;
  last4: string | null;
  holder: string | null;
  expiry_month: string | null;
  expiry_year: string | null;
  country_code: string | null;
  last3: string | null;
  /** Full MB WAY phone number: kept only to charge the stored method later; never answered. */
  phone_number: string | null;
  /** 3-D Secure on every later payment with the shopper present (from the test card it was saved from). */
  three_ds: "challenge" | "frictionless" | null;
  created_at: string;
  /** A sandbox card whose later merchant-initiated charges are declined records why (never the number). */
  stored_decline_reason: string | null;
}

export interface PaymentTable {
  id: string;
  merchant_id: string;
  kind: "reference" | "checkout" | "charge";
  amount: number;
  state: "pending" | "awaiting_authentication" | "confirmed" | "declined" | "expired";
  entity: string | null;
  reference: string | null;
  callback_url: string | null;
  valid_start: string | null;
  valid_end: string | null;
  valid_end_ms: number | null;
  available_methods: string;
  checkout_id: string | null;
  confirmed_at: string | null;
  /** The stored method this payment used (a saved card) or stored. */
  registration_id: string | null;
  created_at: string;
  updated_at: string;
  amount_refunded: number;
  code: string | null;
  summary: string | null;
  /** Why a charge was declined or expired. */
  reason: string | null;
}

export interface RefundTable {
  seq: Generated<number>;
  id: string;
  merchant_id: string;
  payment_id: string;
  amount: number;
  reason: string | null;
  created_at: string;
}

/** A merchant-initiated payment with a saved method; MB WAY ones wait for the phone's answer. */
export interface ChargeTable {
  payment_id: string;
  merchant_id: string;
  customer_uuid: string;
  payment_method_uuid: string;
  method_code: "CC" | "MW";
  mbway_phone: string | null;
  mbway_started_ms: number | null;
  mbway_expires_ms: number | null;
}

export interface CheckoutTable {
  id: string;
  merchant_id: string;
  payment_id: string;
  amount: number;
  code: string | null;
  summary: string | null;
  language: string;
  payment_methods: string;
  create_registration: number;
  customer_uuid: string | null;
  /** The request as received, for the merchant's own reference (contains no card data). */
  request: string;
  action_url: string | null;
  state: "PaymentReady" | "Pending" | "Success" | "Declined" | "Expired";
  state_at: string;
  reason: string | null;
  attempts: number;
  result: string | null;
  /** MB WAY: the phone awaiting approval and when the wait ends. */
  mbway_phone: string | null;
  mbway_expires_ms: number | null;
  /** 3-D Secure: when the open challenge times out, and the pending authorisation (JSON `OpenChallenge`). */
  challenge_expires_ms: number | null;
  challenge: string | null;
  /** Multibanco: the voucher shown (JSON `MultibancoVoucher`); the checkout is Pending meanwhile. */
  voucher: string | null;
  expires_ms: number;
  created_at: string;
}

/**
 * What one row of the attempt log says happened: a counted attempt's answer, a 3-D Secure step, or
 * the shopper starting or abandoning an MB WAY request or taking a Multibanco voucher.
 */
export type AttemptOutcome =
  AttemptResult | AuthenticationStep | "mbwayRequested" | "mbwayCancelled" | "voucherIssued";

/**
 * The attempt log: one row per thing the shopper did, or that happened to it, while paying a checkout
 * (a card or saved card answered or challenged, a 3-D Secure challenge answered or timed out, an MB
 * WAY request sent, cancelled or answered, a Multibanco voucher issued). Never card data: the method,
 * what happened and why.
 */
export interface PaymentAttemptTable {
  seq: Generated<number>;
  merchant_id: string;
  payment_id: string;
  checkout_id: string;
  at: string;
  method: AttemptMethod;
  outcome: AttemptOutcome;
  reason: DeclineReason | null;
}

export interface IdempotencyTable {
  merchant_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_ms: number;
}

export interface EventTable {
  seq: Generated<number>;
  id: string;
  merchant_id: string;
  type: string;
  payment_id: string | null;
  checkout_id: string | null;
  payload: string;
  created_at: string;
}

export interface DeliveryTable {
  id: string;
  event_id: string;
  merchant_id: string;
  target: "callback" | "webhook";
  webhook_id: string | null;
  url: string;
  secret: string;
  state: "pending" | "succeeded" | "failed";
  attempt_count: number;
  next_attempt_ms: number | null;
  created_at: string;
}

export interface DeliveryAttemptTable {
  seq: Generated<number>;
  delivery_id: string;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookTable {
  id: string;
  merchant_id: string;
  url: string;
  events: string;
  secret: string;
  created_at: string;
  deleted: number;
}

/** A dashboard sign-in: the session id itself lives only in the browser's HttpOnly cookie. */
export interface DashboardSessionTable {
  id_hash: string;
  merchant_id: string;
  created_at: string;
  expires_ms: number;
}

export interface Database {
  merchants: MerchantTable;
  customers: CustomerTable;
  payment_methods: PaymentMethodTable;
  payments: PaymentTable;
  checkouts: CheckoutTable;
  idempotency_keys: IdempotencyTable;
  events: EventTable;
  deliveries: DeliveryTable;
  delivery_attempts: DeliveryAttemptTable;
  webhooks: WebhookTable;
  dashboard_sessions: DashboardSessionTable;
  refunds: RefundTable;
  charges: ChargeTable;
  payment_attempts: PaymentAttemptTable;
}
