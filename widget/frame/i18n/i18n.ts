import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import type { MessageKey, MessageParams, Messages } from "./messages";
import { pt } from "./pt";

export const CATALOGS: Record<string, Messages> = { en, pt, es, fr, de };
export const FALLBACK_LANGUAGE = "en";

/** `pt-BR` → `pt` → `en`: the most specific catalog we have for a language tag, any case. */
export function resolveLanguage(tag: string | undefined): string {
  const parts = (tag ?? "").toLowerCase().replace(/_/g, "-").split("-");
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join("-");
    if (Object.hasOwn(CATALOGS, candidate)) return candidate;
  }
  return FALLBACK_LANGUAGE;
}

export interface Translator {
  language: string;
  t(key: MessageKey, params?: MessageParams): string;
  /** Minor units to a currency string in the catalog's locale: 500 EUR → `€5.00` / `5,00 €`. */
  amount(minor: number, currency: string): string;
}

export function createTranslator(tag: string | undefined): Translator {
  const language = resolveLanguage(tag);
  const messages = CATALOGS[language] ?? en;
  const money = new Map<string, Intl.NumberFormat>();
  return {
    language,
    t(key, params) {
      const text = messages[key] ?? en[key];
      return params
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
        : text;
    },
    amount(minor, currency) {
      let format = money.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(messages.locale, { style: "currency", currency });
        money.set(currency, format);
      }
      const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
      return format.format(minor / 10 ** digits);
    },
  };
}
