import { expect, it } from "vitest";
import { brandDisplay } from "./brand";

it("detects and labels every accepted brand from the first digits", () => {
  const cases: [string, string][] = [
    ["4242", "Visa"],
    ["5555 5555", "Mastercard"],
    ["2223 0000", "Mastercard"],
    ["3782", "American Express"],
    ["6759 6498", "Maestro"],
    ["6011 1111", "Discover"],
    ["3056 9309", "Diners Club"],
    ["3530 1113", "JCB"],
  ];
  for (const [number, label] of cases) expect(brandDisplay(number)?.label, number).toBe(label);
});

it("shows nothing while the brand is unknown", () => {
  expect(brandDisplay("")).toBeUndefined();
  expect(brandDisplay("1234")).toBeUndefined();
});
