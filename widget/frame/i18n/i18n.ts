import { readEmbeddedCatalog } from "./embedded-catalog";
import type { ChunkMessages, MessageKey, MessageParams, Messages } from "./messages";
import { formatEuros } from "./money";

/**
 * Every catalog loads on demand, English too; the service embeds the checkout's in the frame page,
 * so the first render fetches none.
 */
const CATALOGS: Record<string, () => Promise<Record<string, Messages>>> = {
  en: () => import("./en"),
  pt: () => import("./pt"),
  es: () => import("./es"),
  fr: () => import("./fr"),
  de: () => import("./de"),
};

export const LANGUAGES = /* @__PURE__ */ Object.keys(CATALOGS);
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
  /** The catalog's language, e.g. `pt`: what the page's `lang` says. */
  language: string;
  /** Its locale for numbers and dates, e.g. `pt-PT`. */
  locale: string;
  t(key: MessageKey, params?: MessageParams): string;
  /** Minor units to a currency string in the catalog's locale: 500 EUR → `€5.00` / `5,00 €`. */
  amount(minor: number, currency: string): string;
}

/** Lazy chunks' texts by language, added as their chunks load them (`addChunkMessages`). */
const chunkMessages: Record<string, ChunkMessages> = {};

/** Makes a lazy chunk's texts in `language` known to every translator of that language. */
export function addChunkMessages(language: string, messages: ChunkMessages): void {
  chunkMessages[language] = { ...chunkMessages[language], ...messages };
}

export function createTranslator(messages: Messages): Translator {
  const money = new Map<string, Intl.NumberFormat>();
  const language = messages.locale.split("-")[0] ?? FALLBACK_LANGUAGE;
  return {
    language,
    locale: messages.locale,
    t(key, params) {
      // Every catalog defines every key (checked by the tests); the key itself if none could load.
      const text = (messages as ChunkMessages)[key] ?? chunkMessages[language]?.[key] ?? key;
      return params
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
        : text;
    },
    amount(minor, currency) {
      const euros = currency === "EUR" ? formatEuros(minor, messages.locale) : undefined;
      if (euros) return euros;
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

/** Until a catalog is loaded, and if none can be: the message keys, amounts in English. */
export const untranslated = createTranslator({ locale: "en-GB" } as Messages);

/** The page's embedded catalog, else the module, which exports it under its language (`pt` in `./pt`). */
const load = (language: string) => {
  const embedded = readEmbeddedCatalog(language);
  return embedded
    ? Promise.resolve(embedded)
    : (CATALOGS[language] as () => Promise<Record<string, Messages>>)().then(
        (module) => module[language] as Messages,
      );
};

/** The translator for a language tag; English when the catalog cannot be loaded. */
export async function loadTranslator(tag: string | undefined): Promise<Translator> {
  return load(resolveLanguage(tag))
    .catch(() => load(FALLBACK_LANGUAGE))
    .then(createTranslator, () => untranslated);
}
