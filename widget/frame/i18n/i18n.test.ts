import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { createTranslator, LANGUAGES, loadTranslator, resolveLanguage } from "./i18n";
import { pt } from "./pt";

const CATALOGS = { en, pt, es, fr, de };

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
  it("exist for every language the checkout accepts", () => {
    expect(LANGUAGES.sort()).toEqual(Object.keys(CATALOGS).sort());
  });

  it("define every message, none empty", () => {
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(catalog))
        expect(text.trim(), `${language}.${key}`).not.toBe("");
    }
  });

  it("use the exact English and Portuguese labels", () => {
    const t = createTranslator(en).t;
    expect([t("holder"), t("number"), t("expiry"), t("cvc")]).toEqual([
      "Cardholder name",
      "Card number",
      "Expiry date",
      "Security code",
    ]);
    const p = createTranslator(pt).t;
    expect([p("holder"), p("number"), p("expiry"), p("cvc")]).toEqual([
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
  it("loads the catalog for a tag and formats the pay button's amount for it", async () => {
    const label = async (language: string) => {
      const i18n = await loadTranslator(language);
      return [i18n.language, normalize(i18n.t("pay", { amount: i18n.amount(500, "EUR") }))];
    };
    expect(await label("EN")).toEqual(["en", "Pay €5.00"]);
    expect(await label("PT")).toEqual(["pt", "Pagar 5,00 €"]);
    expect(await label("pt-BR")).toEqual(["pt", "Pagar 5,00 €"]);
    expect(await label("DE")).toEqual(["de", "5,00 € bezahlen"]);
    expect(await label("fr")).toEqual(["fr", "Payer 5,00 €"]);
    expect(await label("xx")).toEqual(["en", "Pay €5.00"]);
  });

  it("fills parameters and leaves unknown ones visible", () => {
    const { t } = createTranslator(en);
    expect(t("cvcLength", { n: 4 })).toBe("Enter the 4-digit security code.");
    expect(t("cvcLength")).toBe("Enter the {n}-digit security code.");
  });
});
