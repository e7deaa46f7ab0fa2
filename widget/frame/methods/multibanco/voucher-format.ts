/** A reference as banks print it: `123 456 789`. */
export function groupReference(reference: string): string {
  return reference.replace(/(\d{3})(?=\d)/g, "$1 ");
}

/** The deadline in the shopper's language: date and time, e.g. `27 Nov 2026, 10:42`. */
export function formatDeadline(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}
