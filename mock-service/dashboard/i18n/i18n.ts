import { signal } from "@preact/signals";
import { en, type MessageKey, type Messages } from "./en";
import { pt } from "./pt";

export const LANGUAGES = { en: "English", pt: "Português" } as const;
export type Language = keyof typeof LANGUAGES;
const CATALOGS: Record<Language, Messages> = { en, pt };
const STORAGE_KEY = "sandbox-dashboard-language";

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === "en" || stored === "pt") return stored;
  return navigator.languages.some((l) => l.toLowerCase().startsWith("pt")) ? "pt" : "en";
}

export const language = signal<Language>(initialLanguage());

export function setLanguage(next: Language): void {
  language.value = next;
  localStorage.setItem(STORAGE_KEY, next);
}

/** The message in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = CATALOGS[language.value][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The locale for numbers and dates: the browser's own when it speaks the chosen language (so an
 * en-GB browser keeps its day/month order), else the language with Portugal's conventions for pt.
 */
export function formatLocale(): string {
  const wanted = language.value;
  return (
    navigator.languages.find((l) => l.toLowerCase().startsWith(wanted)) ?? (wanted === "pt" ? "pt-PT" : "en")
  );
}
