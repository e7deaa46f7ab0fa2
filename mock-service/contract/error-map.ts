import { z } from "zod";

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an e-mail address",
  uuid: "a UUID",
  url: "a URL",
  datetime: "a date-time with an offset, e.g. 2026-11-24T10:15:00Z",
};

const quote = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * The one message map of every validation: plain words that follow the field's path ("validDate is
 * required", "amount must be a whole number"). A schema's own message (e.g. "must be a UUID") wins;
 * this only replaces the library's default wording.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.expected === "number" && Number.isNaN(issue.input)) return "must be a number";
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of ${issue.values.map(quote).join(", ")}`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (issue.origin === "array") return `must have at least ${min} ${min === 1 ? "entry" : "entries"}`;
      return issue.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `must be at most ${max} characters`;
      if (issue.origin === "array") return `must have at most ${max} ${max === 1 ? "entry" : "entries"}`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case "invalid_format":
      return issue.format in FORMAT_NAMES
        ? `must be ${FORMAT_NAMES[issue.format]}`
        : "is not in the expected format";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return "is not a known field";
    case "invalid_union":
      return "is not valid";
    default:
      return undefined;
  }
}

/** Installs the map for every zod parse in this process (the service, the demo shop). */
export function usePlainValidationMessages(): void {
  z.config({ customError: plainMessage });
}
