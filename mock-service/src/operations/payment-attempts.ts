import type { AttemptMethod, DeclineReason } from "../../contract";
import { isoTimestamp } from "../domain/time";
import type { CheckoutRow } from "../store/checkouts";
import type { Db } from "../store/db";
import { type AttemptOutcome, insertPaymentAttempt } from "../store/payment-attempts";

/** One step of the shopper's payment of a checkout, for its attempt log. */
export interface AttemptStep {
  method: AttemptMethod;
  outcome: AttemptOutcome;
  reason?: DeclineReason | undefined;
}

/**
 * Writes steps to the checkout's attempt log, in order, inside `tx`: the transaction of the change
 * they record, so the log never tells of a change that was rolled back or lost a race.
 */
export async function recordAttempt(
  tx: Db,
  row: CheckoutRow,
  steps: AttemptStep[],
  at: string = isoTimestamp(),
): Promise<void> {
  for (const step of steps) {
    await insertPaymentAttempt(tx, {
      merchant_id: row.merchant_id,
      payment_id: row.payment_id,
      checkout_id: row.id,
      at,
      method: step.method,
      outcome: step.outcome,
      reason: step.reason ?? null,
    });
  }
}
