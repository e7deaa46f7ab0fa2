import { describe, expect, it } from "vitest";
import { formatEuros } from "./money";

const LOCALES = ["en-GB", "pt-PT", "es-ES", "fr-FR", "de-DE"];
const AMOUNTS = [
  0, 1, 5, 99, 100, 500, 999, 99_999, 100_000, 123_456, 1_000_000, 1_234_567, 12_345_678, 123_456_789_012,
];

describe("formatEuros", () => {
  it("writes what Intl writes for every catalog's locale", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
      for (const minor of AMOUNTS)
        expect(formatEuros(minor, locale), `${locale} ${minor}`).toBe(intl.format(minor / 100));
    }
  });

  it("leaves other locales and odd amounts to Intl", () => {
    expect(formatEuros(500, "nl-NL")).toBeUndefined();
    expect(formatEuros(-500, "en-GB")).toBeUndefined();
    expect(formatEuros(5.5, "en-GB")).toBeUndefined();
  });
});
