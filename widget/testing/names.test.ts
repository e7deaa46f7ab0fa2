import { expect, it } from "vitest";
import { de } from "../frame/i18n/de";
import { en } from "../frame/i18n/en";
import { es } from "../frame/i18n/es";
import { fr } from "../frame/i18n/fr";
import { pt } from "../frame/i18n/pt";
import * as mbway from "../frame/methods/mbway/messages/all";
import * as multibanco from "../frame/methods/multibanco/messages/all";
import * as savedCards from "../frame/methods/saved-cards/messages/all";
import { DECLINED, NAMES } from "./checkout";

/** Each language's every text: the entry's catalog and the lazy chunks' own. */
const CATALOGS = [en, pt, es, fr, de].map((catalog, index) => {
  const language = (["en", "pt", "es", "fr", "de"] as const)[index] ?? "en";
  return { ...catalog, ...mbway[language], ...multibanco[language], ...savedCards[language] };
});
const [english] = CATALOGS as [(typeof CATALOGS)[number]];

it("knows every name the form has, in the catalogs' own words and in their order", () => {
  const known = Object.keys(NAMES).filter((key) => key in english) as (keyof typeof NAMES &
    keyof typeof english)[];
  expect(known.length).toBeGreaterThanOrEqual(9);
  for (const key of known) {
    expect(NAMES[key], key).toEqual(CATALOGS.map((catalog) => catalog[key]));
  }
});

it("recognises every decline message in every language", () => {
  for (const catalog of CATALOGS) {
    for (const [key, text] of Object.entries(catalog)) {
      if (key.startsWith("declined_")) expect(text, `${catalog.locale} ${key}`).toMatch(DECLINED);
    }
  }
});
