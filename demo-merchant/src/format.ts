const euros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** `1250` cents → `€12.50`. */
export function formatAmount(cents: number): string {
  return euros.format(cents / 100);
}

/** Euros typed by a person (`12`, `12.5`, `12,50`) → cents, or undefined when it is not an amount. */
export function parseEuros(text: string): number | undefined {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match?.[1]) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A Multibanco reference as banks print it: `123 456 789`. */
export function groupReference(reference: string): string {
  return reference.replace(/(\d{3})(?=\d)/g, "$1 ");
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Lisbon",
});

/** An ISO date-time shown in Lisbon time, the time zone of Multibanco. */
export function formatDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${dateTime.format(ms)} (Lisbon)`;
}
