/** Languages the checkout form speaks; `page.language` must be one of them (any case). */
export const LANGUAGES = ["EN", "PT", "ES", "FR", "DE"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "EN";

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
