import type { Ref } from "preact";
import { PHONE_COUNTRIES } from "@contract/phone-numbers";

export interface CountrySelectProps {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  selectRef?: Ref<HTMLSelectElement>;
  onValue: (code: string) => void;
}

/** The phone's country calling code, Portugal first (the contract's order). */
export function CountrySelect({ id, label, value, error, selectRef, onValue }: CountrySelectProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div class={error ? "field field--invalid" : "field"}>
      <label for={id}>{label}</label>
      <select
        id={id}
        name={id}
        ref={selectRef}
        value={value}
        autocomplete="tel-country-code"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={errorId}
        onChange={(event) => onValue(event.currentTarget.value)}
      >
        {PHONE_COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {`${country.name} (+${country.code})`}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
