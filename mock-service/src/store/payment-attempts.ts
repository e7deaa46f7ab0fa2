import type { Selectable } from "kysely";
import type { Db } from "./db";
import { preparedInsert } from "./prepared";
import type { PaymentAttemptTable } from "./schema";

export type { AttemptOutcome } from "./schema";

export type PaymentAttemptRow = Selectable<PaymentAttemptTable>;

/** Written inside the transaction of the change it records (on every shopper attempt: prepared once). */
export const insertPaymentAttempt = preparedInsert<Omit<PaymentAttemptRow, "seq">>("payment_attempts", {
  merchant_id: true,
  payment_id: true,
  checkout_id: true,
  at: true,
  method: true,
  outcome: true,
  reason: true,
});

/** A payment's attempt log, in the order it was written. */
export async function listPaymentAttempts(
  db: Db,
  merchantId: string,
  paymentId: string,
): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom("payment_attempts")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("merchant_id", "=", merchantId)
    .orderBy("seq")
    .execute();
}
