import type { ComponentChildren, Ref } from "preact";
import { digitsOnly } from "@contract/card-brands";
import { caretAfterDigits } from "../utils/formatters";

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Ids of extra descriptions, e.g. the detected card brand. */
  describedBy?: string | undefined;
  autocomplete: string;
  numeric?: boolean;
  /** The keyboard to show when it is not the numeric one, e.g. `tel` for phone numbers. */
  inputMode?: "tel";
  placeholder?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** Rewrites what was typed (grouping, digits only); the caret stays after the same digit. */
  format?: (raw: string) => string;
  onValue: (value: string) => void;
  onBlur: () => void;
  /** Shown inside the field's box, after the input (the brand badge). */
  children?: ComponentChildren;
}

/** A labelled input with its hint and its error, wired together for assistive technology. */
export function Field(props: FieldProps) {
  const { id, error, hint, format } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, props.describedBy, errorId].filter(Boolean).join(" ") || undefined;

  const onInput = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const raw = input.value;
    const next = format ? format(raw) : raw;
    if (next !== raw) {
      const digitsBefore = digitsOnly(raw.slice(0, input.selectionStart ?? raw.length)).length;
      input.value = next;
      const caret = caretAfterDigits(next, digitsBefore);
      if (document.activeElement === input) input.setSelectionRange(caret, caret);
    }
    props.onValue(next);
  };

  return (
    <div class={error ? "field field--invalid" : "field"}>
      <label for={id}>{props.label}</label>
      <div class="field-box">
        <input
          id={id}
          name={id}
          ref={props.inputRef}
          type="text"
          value={props.value}
          autocomplete={props.autocomplete}
          inputMode={props.inputMode ?? (props.numeric ? "numeric" : undefined)}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          spellcheck={false}
          autocorrect="off"
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy}
          onInput={onInput}
          onBlur={props.onBlur}
        />
        {props.children}
      </div>
      {hint && (
        <p id={hintId} class="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
