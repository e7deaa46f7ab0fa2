import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  detectBrand,
  digitsOnly,
  luhnValid,
  maxCardLength,
} from "@contract/card-brands";
import { brandAccepted } from "../../options/merchant-options";
import type { Rule } from "../../utils/validation";

export type CardField = "holder" | "number" | "expiry" | "cvc";
export type CardValues = Record<CardField, string>;

/** Fields in the order they appear: the first invalid one gets the focus on submit. */
export const CARD_FIELDS: readonly CardField[] = ["holder", "number", "expiry", "cvc"];

export function cvcLengthFor(number: string): number {
  return detectBrand(number)?.cvcLength ?? 3;
}

export const cardRules: Record<CardField, readonly Rule<CardValues>[]> = {
  holder: [{ when: "blur", check: (v) => v.trim().length > 0, message: "holderRequired" }],
  number: [
    { when: "blur", check: (v) => checkCardNumber(v) !== "required", message: "numberRequired" },
    // Four digits are enough to know every brand we accept (Mastercard's 2-series needs four).
    { when: "input", check: (v) => digitsOnly(v).length < 4 || !!detectBrand(v), message: "numberUnknown" },
    { when: "blur", check: (v) => checkCardNumber(v) !== "unknown_brand", message: "numberUnknown" },
    // The merchant's `data-brands`: a brand they do not take is refused as soon as it is known.
    { when: "input", check: brandAccepted, message: "brandNotAccepted" },
    {
      when: "input",
      check: (v) => digitsOnly(v).length < maxCardLength(v) || luhnValid(digitsOnly(v)),
      message: "numberInvalid",
    },
    { when: "blur", check: (v) => checkCardNumber(v) === null, message: "numberInvalid" },
  ],
  expiry: [
    { when: "blur", check: (v) => checkExpiry(v) !== "required", message: "expiryRequired" },
    {
      when: "input",
      check: (v) => {
        const digits = digitsOnly(v);
        if (digits.length < 2) return true;
        const month = Number(digits.slice(0, 2));
        return month >= 1 && month <= 12;
      },
      message: "expiryInvalid",
    },
    { when: "blur", check: (v) => checkExpiry(v) !== "format", message: "expiryInvalid" },
    { when: "blur", check: (v) => checkExpiry(v) !== "past", message: "expiryPast" },
    { when: "blur", check: (v) => checkExpiry(v) !== "too_far", message: "expiryTooFar" },
  ],
  cvc: [
    { when: "blur", check: (v) => checkCvc(v, "") !== "required", message: "cvcRequired" },
    {
      when: "blur",
      check: (v, values) => checkCvc(v, values.number) === null,
      message: (values) => ({ key: "cvcLength", params: { n: cvcLengthFor(values.number) } }),
    },
  ],
};
