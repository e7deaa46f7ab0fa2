import { cvcLengthOfBrand, digitsOnly } from "@contract/card-brands";
import type { Rule } from "../../utils/validation";

export type SavedCardField = "cvc";
export interface SavedCardValues {
  cvc: string;
  /** The chosen card's brand label (its security code's length follows it). */
  brand: string;
}

export const SAVED_CARD_FIELDS: readonly SavedCardField[] = ["cvc"];

/** A saved card needs only its security code: 3 digits, 4 for American Express. */
export const savedCardRules: Record<SavedCardField, readonly Rule<SavedCardValues>[]> = {
  cvc: [
    { when: "blur", check: (v) => digitsOnly(v).length > 0, message: "cvcRequired" },
    {
      when: "blur",
      check: (v, values) => /^\d+$/.test(v.trim()) && v.trim().length === cvcLengthOfBrand(values.brand),
      message: (values) => ({ key: "cvcLength", params: { n: cvcLengthOfBrand(values.brand) } }),
    },
  ],
};

/** `12`/`2034` → `12/34`, as the card itself prints it. */
export function shortExpiry(month: string, year: string): string {
  return `${month}/${year.slice(-2)}`;
}
