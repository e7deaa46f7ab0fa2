import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySignature } from "../../contract/verify-signature";
import { signPayload } from "./signature";

const SECRET = "whsec_test_secret";
const BODY = JSON.stringify({
  id: "evt_1",
  type: "payment.confirmed",
  data: { amount: 1500, note: "ção €" },
});
const NOW = 1_800_000_000;

const hmac = (t: number | string, body: string, secret = SECRET) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

describe("notification signatures", () => {
  it("signs as t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>", () => {
    expect(signPayload(BODY, SECRET, NOW)).toBe(`t=${NOW},v1=${hmac(NOW, BODY)}`);
  });

  it("verifies its own signature, from a string or a Buffer body", () => {
    const header = signPayload(BODY, SECRET, NOW);
    expect(verifySignature(BODY, header, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(Buffer.from(BODY, "utf8"), header, SECRET, 300, NOW)).toBe(true);
  });

  it("uses the current time by default", () => {
    expect(verifySignature(BODY, signPayload(BODY, SECRET), SECRET)).toBe(true);
  });

  it("accepts a timestamp within the tolerance and refuses one outside it, either side", () => {
    const header = signPayload(BODY, SECRET, NOW);
    expect(verifySignature(BODY, header, SECRET, 300, NOW + 300)).toBe(true);
    expect(verifySignature(BODY, header, SECRET, 300, NOW - 300)).toBe(true);
    expect(verifySignature(BODY, header, SECRET, 300, NOW + 301)).toBe(false);
    expect(verifySignature(BODY, header, SECRET, 300, NOW - 301)).toBe(false);
    expect(verifySignature(BODY, header, SECRET, 10, NOW + 11)).toBe(false);
  });

  it("refuses a tampered body, a wrong secret and a changed timestamp", () => {
    const header = signPayload(BODY, SECRET, NOW);
    expect(verifySignature(BODY.replace("1500", "1501"), header, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(`${BODY} `, header, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(BODY, header, "whsec_other", 300, NOW)).toBe(false);
    const v1 = hmac(NOW, BODY);
    expect(verifySignature(BODY, `t=${NOW + 1},v1=${v1}`, SECRET, 300, NOW)).toBe(false);
  });

  it("accepts when any of several v1 values matches (secret rotation)", () => {
    const good = hmac(NOW, BODY);
    const other = hmac(NOW, BODY, "whsec_old");
    expect(verifySignature(BODY, `t=${NOW},v1=${other},v1=${good}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${NOW},v1=${good},v1=${other}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${NOW},v1=${other},v1=${other}`, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(BODY, `t=${NOW}, v1=${good}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `v1=${good},t=${NOW}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${NOW},v0=${good}`, SECRET, 300, NOW)).toBe(false);
  });

  it("refuses missing and malformed headers without throwing", () => {
    const good = hmac(NOW, BODY);
    for (const header of [
      undefined,
      null,
      "",
      "garbage",
      `v1=${good}`,
      `t=${NOW}`,
      `t=,v1=${good}`,
      `t=abc,v1=${good}`,
      `t=-${NOW},v1=${good}`,
      `t=${NOW}.5,v1=${good}`,
      `t=${NOW},v1=`,
      `t=${NOW},v1=${good.slice(0, 63)}`,
      `t=${NOW},v1=${good}00`,
      `t=${NOW},v1=${"z".repeat(64)}`,
      `t=${NOW},v1=${good.toUpperCase().replace(/[0-9A-F]/, "G")}`,
      `=,=,,`,
      `t=1e9,v1=${good}`,
      `t=${"9".repeat(400)},v1=${good}`,
    ]) {
      expect(verifySignature(BODY, header, SECRET, 300, NOW), String(header)).toBe(false);
    }
  });

  it("accepts the hex digest in upper case", () => {
    expect(verifySignature(BODY, `t=${NOW},v1=${hmac(NOW, BODY).toUpperCase()}`, SECRET, 300, NOW)).toBe(
      true,
    );
  });
});
