import { useSignal } from "../utils/signals";
import { useRef } from "preact/hooks";
import { useI18n } from "../i18n/I18nContext";
import type { MessageKey } from "../i18n/messages";
import { type Moment, type Problem, type Rule, validate } from "../utils/validation";
import { announce } from "./LiveRegion";

export type Errors<Field extends string> = Partial<Record<Field, Problem>>;

/**
 * What the card and the MB WAY forms share: values and errors judged by declarative rules (while
 * typing, on leaving a field, on submit), the first invalid field focused and the mistake announced,
 * one request at a time with the pay button busy meanwhile, and an alert for what went wrong.
 */
export function usePaymentForm<Field extends string, Values extends Record<Field, string>>(
  initial: Values,
  fields: readonly Field[],
  rules: Record<Field, readonly Rule<Values>[]>,
) {
  const { t } = useI18n();
  const values = useSignal(initial);
  const errors = useSignal<Errors<Field>>({});
  const busy = useSignal(false);
  const alert = useSignal<string | undefined>(undefined);
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  // Set synchronously, before any re-render, so a double click cannot send a second request.
  const sending = useRef(false);

  const check = (field: Field, next = values.value, moment: Moment = "blur") =>
    validate(rules[field], next[field], next, moment);

  const setError = (field: Field, problem: Problem | null | undefined) => {
    const next = { ...errors.value };
    if (problem) next[field] = problem;
    else delete next[field];
    errors.value = next;
  };

  const focus = (field: Field) => inputs.current[field]?.focus();

  /** Shows these errors (only these); the first invalid field takes the focus. Whether any. */
  const showErrors = (found: Errors<Field>): boolean => {
    errors.value = found;
    const first = fields.find((field) => found[field]);
    if (first) {
      focus(first);
      announce(t("fixErrors"));
    }
    return !!first;
  };

  return {
    values,
    errors,
    busy,
    alert,
    check,
    setError,
    focus,
    showErrors,
    /** The error to show under a field, in words. */
    text: (field: Field) => {
      const problem = errors.value[field];
      return problem && t(problem.key, problem.params);
    },
    ref: (field: Field) => (el: HTMLElement | null) => {
      inputs.current[field] = el;
    },
    /** Takes a typed value; while an error shows it re-checks fully, so it clears once right. */
    change: (field: Field, value: string): Values => {
      const next = { ...values.value, [field]: value };
      values.value = next;
      setError(field, check(field, next, errors.value[field] ? "blur" : "input"));
      return next;
    },
    leave: (field: Field) => () => {
      // Tabbing through an untouched empty field is not a mistake yet; submit will say so.
      if (!values.value[field] && !errors.value[field]) return;
      const problem = check(field);
      setError(field, problem);
      if (problem) announce(t(problem.key, problem.params));
    },
    /** The service refused some fields: shows them as the form's errors. Whether any matched. */
    refused: (
      details: { path: string }[],
      fieldOf: (path: string) => Field | undefined,
      problems: Record<Field, MessageKey>,
    ) => {
      const found: Errors<Field> = {};
      for (const detail of details) {
        const field = fieldOf(detail.path);
        if (field) found[field] = { key: problems[field] };
      }
      return showErrors(found);
    },
    /** The request failed for another reason: too many attempts, or the service is unreachable. */
    failed: (status: number) => {
      alert.value = t(status === 429 ? "rateLimited" : "payFailed");
    },
    /** The submit handler: checks every field, then sends once and hands the answer over. */
    submit:
      <Result>(send: (values: Values) => Promise<Result>, answered: (result: Result) => void) =>
      (event: Event): void => {
        event.preventDefault();
        if (sending.current) return;
        const found: Errors<Field> = {};
        for (const field of fields) {
          const problem = check(field);
          if (problem) found[field] = problem;
        }
        if (showErrors(found)) return;

        sending.current = true;
        busy.value = true;
        alert.value = undefined;
        // `send` answers every outcome, failures included, as a result: it does not reject.
        void send(values.value).then((result) => {
          sending.current = false;
          busy.value = false;
          answered(result);
        });
      },
  };
}
