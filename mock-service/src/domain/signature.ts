import { createHmac } from "node:crypto";

/** `X-Signature` header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function signPayload(
  rawBody: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac("sha256", secret).update(`${nowSeconds}.${rawBody}`).digest("hex");
  return `t=${nowSeconds},v1=${v1}`;
}
