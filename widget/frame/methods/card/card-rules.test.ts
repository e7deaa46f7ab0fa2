import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validate } from "../../utils/validation";
import { type CardValues, cardRules, cvcLengthFor } from "./card-rules";

const values = (over: Partial<CardValues> = {}): CardValues => ({
  holder: "Ada Lovelace",
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvc: "123",
  ...over,
});

const check = (field: keyof CardValues, value: string, moment: "input" | "blur" = "blur", over = {}) =>
  validate(cardRules[field], value, values({ [field]: value, ...over }), moment)?.key ?? null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-15T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("card number rules", () => {
  it("accepts the test cards", () => {
    for (const number of ["4242424242424242", "5555 5555 5555 4444", "4000000000000002", "378282246310005"]) {
      expect(check("number", number)).toBeNull();
    }
  });

  it("says what is wrong on blur: empty, unknown brand, too short, Luhn", () => {
    expect(check("number", "")).toBe("numberRequired");
    expect(check("number", "1234 5678 9012 3456")).toBe("numberUnknown");
    expect(check("number", "4242 4242")).toBe("numberInvalid");
    expect(check("number", "4242 4242 4242 4241")).toBe("numberInvalid");
  });

  it("while typing, only reports mistakes that are already certain", () => {
    expect(check("number", "", "input")).toBeNull();
    expect(check("number", "4242 42", "input")).toBeNull();
    expect(check("number", "1234", "input")).toBe("numberUnknown");
    expect(check("number", "1", "input")).toBeNull(); // too early to tell
    expect(check("number", "5555 5555 5555 4445", "input")).toBe("numberInvalid"); // full length, bad Luhn
    expect(check("number", "4242 4242 4242 4241", "input")).toBeNull(); // Visa may still grow to 19
  });
});

describe("expiry rules", () => {
  it("accepts this month and up to 20 years ahead", () => {
    expect(check("expiry", "11/26")).toBeNull();
    expect(check("expiry", "11/46")).toBeNull();
  });

  it("rejects past, too far, malformed and empty dates", () => {
    expect(check("expiry", "10/26")).toBe("expiryPast");
    expect(check("expiry", "12/46")).toBe("expiryTooFar");
    expect(check("expiry", "13/28")).toBe("expiryInvalid");
    expect(check("expiry", "1/2")).toBe("expiryInvalid");
    expect(check("expiry", "")).toBe("expiryRequired");
  });

  it("flags an impossible month as soon as it is typed", () => {
    expect(check("expiry", "1", "input")).toBeNull();
    expect(check("expiry", "13", "input")).toBe("expiryInvalid");
    expect(check("expiry", "00", "input")).toBe("expiryInvalid");
    expect(check("expiry", "10/2", "input")).toBeNull();
  });
});

describe("security code rules", () => {
  it("wants 3 digits, or 4 for American Express", () => {
    expect(check("cvc", "123")).toBeNull();
    expect(check("cvc", "12")).toBe("cvcLength");
    expect(check("cvc", "1234")).toBe("cvcLength");
    expect(check("cvc", "1234", "blur", { number: "3782 822463 10005" })).toBeNull();
    expect(check("cvc", "")).toBe("cvcRequired");
    expect(cvcLengthFor("378282246310005")).toBe(4);
  });

  it("tells the expected length in the message", () => {
    const problem = validate(cardRules.cvc, "12", values({ number: "378282246310005", cvc: "12" }), "blur");
    expect(problem).toEqual({ key: "cvcLength", params: { n: 4 } });
  });
});

describe("holder rules", () => {
  it("wants a name", () => {
    expect(check("holder", "  ")).toBe("holderRequired");
    expect(check("holder", "Ada")).toBeNull();
  });
});
