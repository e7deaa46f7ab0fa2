import { randomUUID } from "node:crypto";

/** The shop's own order number; also the Idempotency-Key of the checkout created for it. */
export function newOrderId(): string {
  return `ord_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
}
