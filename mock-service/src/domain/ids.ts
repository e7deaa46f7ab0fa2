import { randomBytes, randomFillSync, randomUUID } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Random bytes drawn 4 KB at a time: one call into the CSPRNG per ~200 ids instead of one per id,
 * which was the largest single cost of creating a checkout. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** A prefixed random id with 20 base62 characters (~119 bits), e.g. `ck_4fQ…`. */
export function newId(prefix: "ck" | "pay" | "mer" | "evt" | "dlv" | "we" | "re"): string {
  let out = `${prefix}_`;
  for (let count = 0; count < 20;) {
    const b = randomByte();
    // 248 is the largest multiple of 62 below 256; rejecting above it keeps the draw uniform.
    if (b < 248) {
      out += ALPHABET[b % 62];
      count++;
    }
  }
  return out;
}

export const newUuid = randomUUID;

export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}
