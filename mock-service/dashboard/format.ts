import { formatLocale } from "./i18n/i18n";

/** Cents as money in the reader's locale: `€12.50`, `12,50 €`. */
export function formatMoney(cents: number, currency = "EUR"): string {
  return new Intl.NumberFormat(formatLocale(), { style: "currency", currency }).format(cents / 100);
}

/** An ISO time in the browser's time zone and locale, with seconds (events are seconds apart). */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: "medium", timeStyle: "medium" }).format(
    new Date(iso),
  );
}
