import type { AttemptMethod, PaymentMethodCode } from "../../contract";

/** The payment method code behind each way the attempt log says a shopper tried to pay. */
export const ATTEMPT_METHOD_CODES: Record<AttemptMethod, PaymentMethodCode> = {
  card: "CC",
  savedCard: "CC",
  mbway: "MW",
  multibanco: "MB",
};

/** The attempt methods that stand for one payment method code (a card and a saved card are both CC). */
export function attemptMethodsOf(code: PaymentMethodCode): AttemptMethod[] {
  return (Object.keys(ATTEMPT_METHOD_CODES) as AttemptMethod[]).filter(
    (method) => ATTEMPT_METHOD_CODES[method] === code,
  );
}

export interface MethodFacts {
  /** What the payment offers (a checkout: the methods it was created with; a reference or charge: its one). */
  offered: PaymentMethodCode[];
  /** What its checkout was paid with, once it succeeded. */
  paidWith?: PaymentMethodCode | undefined;
  /**
   * The method of the latest row of its checkout's attempt log, unless that row is the shopper
   * cancelling an MB WAY request (which leaves no method chosen).
   */
  lastTried?: AttemptMethod | undefined;
}

/**
 * The methods the dashboard shows for a payment, as a Stripe-dashboard user expects: the method
 * paid with; else the one the shopper chose and is paying with or last tried (a declined card, a
 * waiting MB WAY request, a Multibanco voucher); only while none was chosen, every method offered.
 */
export function methodsShown({ offered, paidWith, lastTried }: MethodFacts): PaymentMethodCode[] {
  if (paidWith) return [paidWith];
  if (lastTried) return [ATTEMPT_METHOD_CODES[lastTried]];
  return offered;
}

/** The attempt-log outcome after which the shopper has no method chosen any more. */
export const CANCELLED_CHOICE = "mbwayCancelled";

/** The latest attempt-log row's method as `lastTried` takes it (store/dashboard.ts reads the same in SQL). */
export function lastTriedOf(
  rows: readonly { method: AttemptMethod; outcome: string }[],
): AttemptMethod | undefined {
  const last = rows.at(-1);
  return last && last.outcome !== CANCELLED_CHOICE ? last.method : undefined;
}
