/**
 * Mobile numbers per country for MB WAY (`<country_code>#<number>`), shared by the widget's
 * validation and the service's. Portugal first: MB WAY is a Portuguese scheme.
 */
export interface PhoneCountry {
  code: string;
  iso: string;
  name: string;
  /** National mobile number, without the country code. */
  pattern: RegExp;
  example: string;
}

export const PHONE_COUNTRIES: PhoneCountry[] = [
  { code: "351", iso: "PT", name: "Portugal", pattern: /^9[1236]\d{7}$/, example: "912345678" },
  { code: "34", iso: "ES", name: "España", pattern: /^[67]\d{8}$/, example: "612345678" },
  { code: "33", iso: "FR", name: "France", pattern: /^[67]\d{8}$/, example: "612345678" },
  { code: "49", iso: "DE", name: "Deutschland", pattern: /^1[5-7]\d{8,9}$/, example: "15123456789" },
  { code: "44", iso: "GB", name: "United Kingdom", pattern: /^7\d{9}$/, example: "7400123456" },
  { code: "41", iso: "CH", name: "Schweiz", pattern: /^7[5-9]\d{7}$/, example: "781234567" },
  { code: "352", iso: "LU", name: "Luxembourg", pattern: /^6[269]1\d{6}$/, example: "621123456" },
];

export function phoneCountry(code: string): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((c) => c.code === code);
}

export type PhoneProblem = "required" | "country" | "format";

/** Checks a national number for a country; spaces are ignored. */
export function checkMobileNumber(countryCode: string, national: string): PhoneProblem | null {
  const digits = national.replace(/\s/g, "");
  if (!digits) return "required";
  const country = phoneCountry(countryCode);
  if (!country) return "country";
  return country.pattern.test(digits) ? null : "format";
}
