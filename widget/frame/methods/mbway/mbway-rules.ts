import { checkMobileNumber, phoneCountry } from "@contract/phone-numbers";
import type { Rule } from "../../utils/validation";

export type MbwayField = "countryCode" | "number";
export type MbwayValues = Record<MbwayField, string>;

/** Fields in the order they appear: the first invalid one gets the focus on submit. */
export const MBWAY_FIELDS: readonly MbwayField[] = ["countryCode", "number"];

/** The longest national mobile number of a country, judged by its example (15 when unknown). */
export function maxPhoneLength(countryCode: string): number {
  const example = phoneCountry(countryCode)?.example;
  // Germany's mobiles are 10 or 11 digits; its example has 11, the others' examples are exact.
  return example ? example.length : 15;
}

/** Digits only (spaces, dashes and dots are dropped), at most the country's longest number. */
export function formatPhone(raw: string, countryCode: string): string {
  return raw.replace(/\D/g, "").slice(0, maxPhoneLength(countryCode));
}

export const mbwayRules: Record<MbwayField, readonly Rule<MbwayValues>[]> = {
  countryCode: [{ when: "blur", check: (v) => !!phoneCountry(v), message: "countryInvalid" }],
  number: [
    {
      when: "blur",
      check: (v, values) => checkMobileNumber(values.countryCode, v) !== "required",
      message: "phoneRequired",
    },
    {
      // A number as long as the country's can already be judged while typing.
      when: "input",
      check: (v, values) =>
        v.replace(/\s/g, "").length < maxPhoneLength(values.countryCode) ||
        checkMobileNumber(values.countryCode, v) !== "format",
      message: "phoneInvalid",
    },
    {
      when: "blur",
      check: (v, values) => checkMobileNumber(values.countryCode, v) !== "format",
      message: "phoneInvalid",
    },
  ],
};
