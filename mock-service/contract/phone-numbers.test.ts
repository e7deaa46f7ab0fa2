import { describe, expect, it } from "vitest";
import { checkMobileNumber, PHONE_COUNTRIES } from "./phone-numbers";

describe("MB WAY phone numbers per country", () => {
  it("lists Portugal first", () => {
    expect(PHONE_COUNTRIES[0]?.code).toBe("351");
  });

  it.each([
    ["351", "912345678", null],
    ["351", "931234567", null],
    ["351", "961234567", null],
    ["351", "912 345 678", null],
    ["351", "212345678", "format"], // a landline
    ["351", "91234567", "format"],
    ["351", "9123456789", "format"],
    ["351", "", "required"],
    ["34", "612345678", null],
    ["34", "912345678", "format"],
    ["49", "15123456789", null],
    ["44", "7400123456", null],
    ["999", "912345678", "country"],
  ])("+%s %s → %s", (country, number, problem) => {
    expect(checkMobileNumber(country, number)).toBe(problem);
  });

  it("every country's example is valid for it", () => {
    for (const c of PHONE_COUNTRIES) expect(checkMobileNumber(c.code, c.example), c.iso).toBeNull();
  });
});
