import { describe, expect, it } from "vitest";
import { validate } from "../../utils/validation";
import { savedCardRules, shortExpiry } from "./saved-card-rules";

const check = (cvc: string, brand: string) => validate(savedCardRules.cvc, cvc, { cvc, brand }, "blur");

describe("saved card security code", () => {
  it("asks 3 digits, 4 for American Express", () => {
    expect(check("123", "Visa")).toBeNull();
    expect(check("1234", "Visa")).toEqual({ key: "cvcLength", params: { n: 3 } });
    expect(check("1234", "American Express")).toBeNull();
    expect(check("123", "American Express")).toEqual({ key: "cvcLength", params: { n: 4 } });
  });

  it("says when it is missing, and refuses anything but digits", () => {
    expect(check("", "Visa")).toEqual({ key: "cvcRequired" });
    expect(check("12a", "Visa")).toEqual({ key: "cvcLength", params: { n: 3 } });
  });

  it("shows the expiry as the card prints it", () => {
    expect(shortExpiry("07", "2034")).toBe("07/34");
  });
});
