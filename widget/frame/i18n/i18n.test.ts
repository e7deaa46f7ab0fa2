import { describe, expect, it } from "vitest";
import { en } from "./en";
import { CATALOGS, createTranslator, resolveLanguage } from "./i18n";

const normalize = (text: string) => text.replace(/\s/g, " ");

describe("resolveLanguage", () => {
  it("falls back from region to language to English", () => {
    expect(resolveLanguage("pt-BR")).toBe("pt");
    expect(resolveLanguage("PT")).toBe("pt");
    expect(resolveLanguage("de_AT")).toBe("de");
    expect(resolveLanguage("nl")).toBe("en");
    expect(resolveLanguage("")).toBe("en");
    expect(resolveLanguage(undefined)).toBe("en");
    expect(resolveLanguage("constructor")).toBe("en");
  });
});

describe("catalogs", () => {
  it("define every message, none empty", () => {
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(catalog))
        expect(text.trim(), `${language}.${key}`).not.toBe("");
    }
  });

  it("use the exact English and Portuguese labels", () => {
    const t = createTranslator("EN").t;
    expect([t("holder"), t("number"), t("expiry"), t("cvc")]).toEqual([
      "Cardholder name",
      "Card number",
      "Expiry date",
      "Security code",
    ]);
    const pt = createTranslator("PT").t;
    expect([pt("holder"), pt("number"), pt("expiry"), pt("cvc")]).toEqual([
      "Nome do titular",
      "Número do cartão",
      "Data de validade",
      "Código de segurança",
    ]);
  });

  it("say 'declined' in every English decline message", () => {
    const declines = Object.entries(en).filter(([key]) => key.startsWith("declined_"));
    expect(declines.length).toBeGreaterThan(3);
    for (const [, text] of declines) expect(text.toLowerCase()).toContain("declined");
  });
});

describe("translator", () => {
  it("formats the pay button's amount for the language", () => {
    const label = (language: string) => {
      const i18n = createTranslator(language);
      return normalize(i18n.t("pay", { amount: i18n.amount(500, "EUR") }));
    };
    expect(label("EN")).toBe("Pay €5.00");
    expect(label("PT")).toBe("Pagar 5,00 €");
    expect(label("pt-BR")).toBe("Pagar 5,00 €");
    expect(label("DE")).toBe("5,00 € bezahlen");
    expect(label("xx")).toBe("Pay €5.00");
  });

  it("fills parameters and leaves unknown ones visible", () => {
    const { t } = createTranslator("en");
    expect(t("cvcLength", { n: 4 })).toBe("Enter the 4-digit security code.");
    expect(t("cvcLength")).toBe("Enter the {n}-digit security code.");
  });
});
