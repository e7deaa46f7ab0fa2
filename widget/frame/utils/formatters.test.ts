import { describe, expect, it } from "vitest";
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry } from "./formatters";

describe("formatCardNumber", () => {
  it("groups digits as the brand prints them", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("36227206271667")).toBe("3622 720627 1667");
    expect(formatCardNumber("4242-4242 42ab")).toBe("4242 4242 42");
  });

  it("stops at the brand's longest number", () => {
    expect(formatCardNumber("37828224631000599")).toBe("3782 822463 10005");
  });
});

describe("formatExpiry", () => {
  it("adds the slash after the month and keeps four digits", () => {
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("12 / 2030")).toBe("12/20");
  });
});

describe("formatCvc", () => {
  it("keeps at most four digits", () => {
    expect(formatCvc("12a34 5")).toBe("1234");
  });
});

describe("caretAfterDigits", () => {
  it("puts the caret after the same digit once separators moved", () => {
    expect(caretAfterDigits("4242 4", 5)).toBe(6);
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("12/3", 3)).toBe(4);
    expect(caretAfterDigits("4242", 0)).toBe(0);
    expect(caretAfterDigits("4242", 9)).toBe(4);
  });
});
