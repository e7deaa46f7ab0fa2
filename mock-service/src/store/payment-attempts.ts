import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { PaymentAttemptTable } from "./schema";

export type { AttemptOutcome } from "./schema";

export type PaymentAttemptRow = Selectable<PaymentAttemptTable>;

/** Written inside the transaction of the change it records. */
export async function insertPaymentAttempt(db: Db, row: Omit<PaymentAttemptRow, "seq">): Promise<void> {
  await db.insertInto("payment_attempts").values(row).execute();
}

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
