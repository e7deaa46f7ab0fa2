import { digitsOnly, parseExpiry } from "@contract/card-brands";
import type { CardPaymentRequest } from "@contract/frame";
import type { CardField, CardValues } from "./card-rules";

/** The request body from validated form values: digits only, expiry split into `MM` and `YYYY`. */
export function toCardRequest(values: CardValues): CardPaymentRequest {
  const expiry = parseExpiry(values.expiry);
  return {
    holder: values.holder.trim(),
    number: digitsOnly(values.number),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: digitsOnly(values.cvc),
  };
}

/** Which form field a service validation detail (`number`, `expiryYear`, ...) belongs to. */
export function fieldOfDetail(path: string): CardField | undefined {
  if (path === "number" || path === "cvc" || path === "holder") return path;
  if (path === "expiryMonth" || path === "expiryYear") return "expiry";
  return undefined;
}
