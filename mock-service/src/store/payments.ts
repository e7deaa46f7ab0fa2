import type { Selectable, Updateable } from "kysely";
import type { Db } from "./db";
import { preparedInsert, preparedQuery } from "./prepared";
import type { PaymentTable } from "./schema";

/** How a payment can be paid: Multibanco reference, card, MB WAY. */
export type PaymentMethod = "MB" | "CC" | "MW";

export type PaymentColumns = Selectable<PaymentTable>;

/** A payment as stored, its JSON column parsed. */
export type PaymentRow = Omit<PaymentColumns, "available_methods"> & { available_methods: PaymentMethod[] };

/**
 * Parses a row read from the payments table (also one with joined columns). The row object comes
 * fresh from better-sqlite3 and nobody else holds it: its JSON column is replaced in place rather
 * than copying the row on every read.
 */
export function parsePaymentRow<R extends PaymentColumns>(
  row: R,
): Omit<R, "available_methods"> & { available_methods: PaymentMethod[] } {
  const parsed = row as unknown as Omit<R, "available_methods"> & { available_methods: PaymentMethod[] };
  parsed.available_methods = JSON.parse(row.available_methods) as PaymentMethod[];
  return parsed;
}

/**
 * The payment a new checkout will collect, payable until the checkout's lifetime ends (its
 * `valid_end_ms`; it has no validDate). `checkoutId` is null only for seeded test data.
 */
export function newCheckoutPayment(fields: {
  id: string;
  merchantId: string;
  amount: number;
  methods: PaymentMethod[];
  checkoutId: string | null;
  payableUntilMs: number | null;
  /** The checkout's own `code` and `summary`, which its payment answers too. */
  code?: string | null;
  summary?: string | null;
  now: string;
}): PaymentRow {
  // One literal, not a spread of shared defaults: this runs on every POST /checkouts.
  return {
    id: fields.id,
    merchant_id: fields.merchantId,
    kind: "checkout",
    amount: fields.amount,
    state: "pending",
    entity: null,
    reference: null,
    callback_url: null,
    valid_start: null,
    valid_end: null,
    valid_end_ms: fields.payableUntilMs,
    available_methods: fields.methods,
    checkout_id: fields.checkoutId,
    confirmed_at: null,
    registration_id: null,
    created_at: fields.now,
    updated_at: fields.now,
    amount_refunded: 0,
    code: fields.code ?? null,
    summary: fields.summary ?? null,
    reason: null,
  };
}

/** A charge of a customer's saved method: decided at once (confirmed, declined) or waiting (MB WAY). */
export function newChargePayment(fields: {
  id: string;
  merchantId: string;
  amount: number;
  method: PaymentMethod;
  /** The saved method charged. */
  registrationId: string;
  state: PaymentRow["state"];
  reason: string | null;
  code: string | null;
  summary: string | null;
  now: string;
}): PaymentRow {
  return {
    id: fields.id,
    merchant_id: fields.merchantId,
    kind: "charge",
    amount: fields.amount,
    state: fields.state,
    entity: null,
    reference: null,
    callback_url: null,
    valid_start: null,
    valid_end: null,
    valid_end_ms: null,
    available_methods: [fields.method],
    checkout_id: null,
    confirmed_at: fields.state === "confirmed" ? fields.now : null,
    registration_id: fields.registrationId,
    created_at: fields.now,
    updated_at: fields.now,
    amount_refunded: 0,
    code: fields.code,
    summary: fields.summary,
    reason: fields.reason,
  };
}

/** A new Multibanco reference, payable between `validStart` and `validEnd`. */
export function newReferencePayment(fields: {
  id: string;
  merchantId: string;
  amount: number;
  entity: string;
  reference: string;
  callbackUrl: string | null;
  validStart: string;
  validEnd: string;
  methods: PaymentMethod[];
  now: string;
}): PaymentRow {
  return {
    id: fields.id,
    merchant_id: fields.merchantId,
    kind: "reference",
    amount: fields.amount,
    state: "pending",
    entity: fields.entity,
    reference: fields.reference,
    callback_url: fields.callbackUrl,
    valid_start: fields.validStart,
    valid_end: fields.validEnd,
    valid_end_ms: Date.parse(fields.validEnd),
    available_methods: fields.methods,
    checkout_id: null,
    confirmed_at: null,
    registration_id: null,
    created_at: fields.now,
    updated_at: fields.now,
    amount_refunded: 0,
    code: null,
    summary: null,
    reason: null,
  };
}

export const insertPayment = preparedInsert<PaymentRow>("payments", {
  id: true,
  merchant_id: true,
  kind: true,
  amount: true,
  state: true,
  entity: true,
  reference: true,
  callback_url: true,
  valid_start: true,
  valid_end: true,
  valid_end_ms: true,
  available_methods: JSON.stringify,
  checkout_id: true,
  confirmed_at: true,
  registration_id: true,
  created_at: true,
  updated_at: true,
  amount_refunded: true,
  code: true,
  summary: true,
  reason: true,
});

const paymentById = preparedQuery<PaymentColumns>(
  `select * from "payments" where "id" = ? and "merchant_id" = ?`,
);

export async function findPayment(db: Db, merchantId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await paymentById(db, [id, merchantId]);
  return row && parsePaymentRow(row);
}

/**
 * The merchant's references with this entity and 7-digit reference number, whatever their check digits
 * (so that a payment with wrong check digits can be told apart from an unknown reference), oldest first.
 */
export async function findPaymentsByReferenceNumber(
  db: Db,
  merchantId: string,
  entity: string,
  number7: string,
): Promise<PaymentRow[]> {
  if (!/^\d{7}$/.test(number7)) return [];
  return db
    .selectFrom("payments")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("entity", "=", entity)
    .where("reference", "like", `${number7}__`)
    .orderBy("created_at")
    .execute()
    .then((rows) => rows.map(parsePaymentRow));
}

export async function referenceInUse(db: Db, merchantId: string, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("reference", "=", reference)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a payment out of `fromState` (one of them); returns false when another writer moved it first. */
export async function transitionPayment(
  db: Db,
  id: string,
  fromState: PaymentRow["state"] | PaymentRow["state"][],
  changes: Updateable<PaymentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set(changes)
    .where("id", "=", id)
    .where("state", "in", Array.isArray(fromState) ? fromState : [fromState])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findExpiredPendingReferences(
  db: Db,
  nowMs: number,
  limit: number,
): Promise<PaymentRow[]> {
  return (
    db
      .selectFrom("payments")
      .selectAll()
      .where("state", "=", "pending")
      .where("valid_end_ms", "<=", nowMs)
      // References, and checkouts' Multibanco vouchers (a checkout payment with a reference).
      .where("entity", "is not", null)
      .limit(limit)
      .execute()
      .then((rows) => rows.map(parsePaymentRow))
  );
}
