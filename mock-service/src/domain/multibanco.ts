/**
 * Multibanco reference check digits, ISO 7064 MOD 97-10 as IBANs use it:
 * N = entity (5) ‖ number (7) ‖ amount in cents (8, zero-padded); check = 98 − (N·100 mod 97).
 * The resulting 22-digit number (N ‖ check) is ≡ 1 (mod 97).
 */
export function checkDigits(entity: string, number7: string, amountCents: number): string {
  const n = `${entity}${number7}${String(amountCents).padStart(8, "0")}00`;
  const check = 98 - mod97(n);
  return String(check).padStart(2, "0");
}

function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % 97;
  return rest;
}

export function makeReference(entity: string, number7: string, amountCents: number): string {
  return `${number7}${checkDigits(entity, number7, amountCents)}`;
}

export function referenceMatches(entity: string, reference: string, amountCents: number): boolean {
  if (!/^\d{9}$/.test(reference) || !/^\d{5}$/.test(entity)) return false;
  return checkDigits(entity, reference.slice(0, 7), amountCents) === reference.slice(7);
}

/** A random 7-digit reference number, leading zeros kept. */
export function randomReferenceNumber(random: () => number = Math.random): string {
  return String(Math.floor(random() * 10_000_000)).padStart(7, "0");
}

/** Groups a reference for display as banks print it: `123 456 789`. */
export function groupReference(reference: string): string {
  return reference.replace(/(\d{3})(?=\d)/g, "$1 ");
}
