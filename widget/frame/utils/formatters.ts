import { digitsOnly, formatCardNumber, formatExpiry } from "@contract/card-brands";

export { formatCardNumber, formatExpiry };

/** Security code: digits only, at most 4. */
export function formatCvc(value: string): string {
  return digitsOnly(value).slice(0, 4);
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stay on its left. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    const code = formatted.charCodeAt(i);
    if (code >= 48 && code <= 57 && ++seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
