/**
 * Euros as the catalogs' locales write them, without Intl: a renderer's first Intl call starts ICU,
 * 15–50 ms (four times that on a slow phone) right when the form first renders. Same text as
 * `Intl.NumberFormat(locale, { style: "currency", currency: "EUR" })` (see money.test.ts).
 * Per locale: decimal mark, group separator, fewest integer digits before grouping starts, € first.
 */
const EURO: Record<string, [string, string, number, boolean]> = {
  "en-GB": [".", ",", 4, true],
  "pt-PT": [",", "\u00a0", 5, false],
  "es-ES": [",", ".", 5, false],
  "fr-FR": [",", "\u202f", 4, false],
  "de-DE": [",", ".", 4, false],
};

/** 500 → `€5.00` (en-GB), `5,00 €` (pt-PT); undefined for a locale without a rule (use Intl). */
export function formatEuros(minor: number, locale: string): string | undefined {
  const rule = EURO[locale];
  if (!rule || !Number.isSafeInteger(minor) || minor < 0) return undefined;
  const [decimal, group, grouping, first] = rule;
  const [units = "0", cents = "00"] = (minor / 100).toFixed(2).split(".");
  const grouped = units.length < grouping ? units : units.replace(/\B(?=(\d{3})+$)/g, group);
  const number = `${grouped}${decimal}${cents}`;
  return first ? `€${number}` : `${number}\u00a0€`;
}
