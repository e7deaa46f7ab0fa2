import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Verifies a notification's `X-Signature` header (`t=<unix seconds>,v1=<hex>`) against the raw body.
 * Rejects a timestamp further than `toleranceSeconds` from now (replay protection).
 */
export function verifySignature(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = parts.get("t")?.[0];
  if (!t || !/^\d+$/.test(t)) return false;
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const body = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return (parts.get("v1") ?? []).some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, "hex"), expected);
  });
}
