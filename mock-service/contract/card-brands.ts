/**
 * Card brand rules shared by the widget (formatting, validation) and the service (re-validation,
 * stored method's brand). Pure data and functions: no I/O, small enough for the frame bundle.
 */
export type CardBrand = "visa" | "mastercard" | "amex" | "maestro" | "discover" | "diners" | "jcb";

interface BrandRule {
  brand: CardBrand;
  label: string;
  pattern: RegExp;
  lengths: number[];
  /** Digit group sizes used to display the number, e.g. 4-6-5 for Amex. */
  gaps: number[];
  cvcLength: number;
}

// Order matters: the first matching prefix wins (Maestro before Mastercard's 2-series is not an issue
// because their ranges do not overlap).
const RULES: BrandRule[] = [
  {
    brand: "amex",
    label: "American Express",
    pattern: /^3[47]/,
    lengths: [15],
    gaps: [4, 6, 5],
    cvcLength: 4,
  },
  {
    brand: "diners",
    label: "Diners Club",
    pattern: /^3(0[0-5]|[689])/,
    lengths: [14, 16, 19],
    gaps: [4, 6, 4],
    cvcLength: 3,
  },
  {
    brand: "jcb",
    label: "JCB",
    pattern: /^35(2[89]|[3-8])/,
    lengths: [16, 17, 18, 19],
    gaps: [4, 4, 4, 4],
    cvcLength: 3,
  },
  {
    brand: "discover",
    label: "Discover",
    pattern: /^(6011|65|64[4-9]|622)/,
    lengths: [16, 17, 18, 19],
    gaps: [4, 4, 4, 4],
    cvcLength: 3,
  },
  {
    brand: "maestro",
    label: "Maestro",
    pattern: /^(5[06-9]|6[37]|6304)/,
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    gaps: [4, 4, 4, 4, 3],
    cvcLength: 3,
  },
  {
    brand: "mastercard",
    label: "Mastercard",
    pattern: /^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/,
    lengths: [16],
    gaps: [4, 4, 4, 4],
    cvcLength: 3,
  },
  { brand: "visa", label: "Visa", pattern: /^4/, lengths: [13, 16, 19], gaps: [4, 4, 4, 4, 3], cvcLength: 3 },
];

const DEFAULT_GAPS = [4, 4, 4, 4, 3];

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

export function detectBrand(number: string): BrandRule | undefined {
  const digits = digitsOnly(number);
  if (!digits) return undefined;
  return RULES.find((rule) => rule.pattern.test(digits));
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function maxCardLength(number: string): number {
  const rule = detectBrand(number);
  return rule ? Math.max(...rule.lengths) : 19;
}

/** Groups the digits the way the brand prints them: `4242 4242 4242 4242`, `3782 822463 10005`. */
export function formatCardNumber(number: string): string {
  const digits = digitsOnly(number).slice(0, maxCardLength(number));
  const gaps = detectBrand(digits)?.gaps ?? DEFAULT_GAPS;
  const groups: string[] = [];
  let at = 0;
  for (const size of gaps) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups.join(" ");
}

export type CardNumberProblem = "required" | "unknown_brand" | "length" | "luhn";

export function checkCardNumber(number: string): CardNumberProblem | null {
  const digits = digitsOnly(number);
  if (!digits) return "required";
  const rule = detectBrand(digits);
  if (!rule) return "unknown_brand";
  if (!rule.lengths.includes(digits.length)) return "length";
  if (!luhnValid(digits)) return "luhn";
  return null;
}

export type ExpiryProblem = "required" | "format" | "past" | "too_far";

/** Accepts `MM/YY` (or `MMYY`); valid through the last day of the month, at most 20 years ahead. */
export function checkExpiry(value: string, now = new Date()): ExpiryProblem | null {
  const digits = digitsOnly(value);
  if (!digits) return "required";
  if (digits.length !== 4) return "format";
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return "format";
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const index = year * 12 + (month - 1);
  if (index < nowIndex) return "past";
  if (index > nowIndex + 20 * 12) return "too_far";
  return null;
}

export function parseExpiry(value: string): { month: string; year: string } {
  const digits = digitsOnly(value);
  return { month: digits.slice(0, 2), year: `20${digits.slice(2, 4)}` };
}

export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The security code's length for a brand by its label (a saved card's `brand`): 4 for Amex, else 3. */
export function cvcLengthOfBrand(label: string): number {
  return RULES.find((rule) => rule.label === label)?.cvcLength ?? 3;
}

export type CvcProblem = "required" | "length";

export function checkCvc(value: string, cardNumber: string): CvcProblem | null {
  const digits = digitsOnly(value);
  if (!digits) return "required";
  const expected = detectBrand(cardNumber)?.cvcLength ?? 3;
  return digits.length === expected && digits === value.trim() ? null : "length";
}
