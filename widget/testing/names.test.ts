import { expect, it } from "vitest";
import { de } from "../frame/i18n/de";
import { en } from "../frame/i18n/en";
import { es } from "../frame/i18n/es";
import { fr } from "../frame/i18n/fr";
import type { Messages } from "../frame/i18n/messages";
import { pt } from "../frame/i18n/pt";
import { DECLINED, NAMES } from "./checkout";

const CATALOGS: Messages[] = [en, pt, es, fr, de];

it("knows every name the form has, in the catalogs' own words and in their order", () => {
  const known = Object.keys(NAMES).filter((key) => key in en) as (keyof typeof NAMES & keyof Messages)[];
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
