import { randomInt } from "node:crypto";

/** A 5-digit Multibanco entity for a new merchant (the real ones are assigned by SIBS). */
export function randomEntity(): string {
  return String(randomInt(10000, 100000));
}
