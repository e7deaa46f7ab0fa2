import { randomBytes, randomUUID } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A prefixed random id with 20 base62 characters (~119 bits), e.g. `ck_4fQ…`. */
export function newId(prefix: "ck" | "pay" | "mer" | "evt" | "dlv" | "we"): string {
  const bytes = randomBytes(20);
  let out = `${prefix}_`;
  // 248 is the largest multiple of 62 below 256; rejecting above it keeps the draw uniform.
  for (let i = 0; out.length < prefix.length + 21; i++) {
    const b = i < bytes.length ? (bytes[i] as number) : (randomBytes(1)[0] as number);
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

export const newUuid = randomUUID;

export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}
