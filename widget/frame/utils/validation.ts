import type { MessageKey, MessageParams } from "../i18n/messages";

export interface Problem {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * A declarative validation rule. `input` rules run while typing (only mistakes that are certain
 * already); `blur` rules run when the field is left and on submit. Submit runs every rule.
 */
export interface Rule<Values> {
  when: "blur" | "input";
  check: (value: string, values: Values) => boolean;
  message: MessageKey | ((values: Values) => Problem);
}

export type Moment = "input" | "blur";

/** The first rule the value breaks at this moment, or null. On blur every rule applies. */
export function validate<Values>(
  rules: readonly Rule<Values>[],
  value: string,
  values: Values,
  moment: Moment,
): Problem | null {
  for (const rule of rules) {
    if (moment === "input" && rule.when === "blur") continue;
    if (!rule.check(value, values)) {
      return typeof rule.message === "function" ? rule.message(values) : { key: rule.message };
    }
  }
  return null;
}
