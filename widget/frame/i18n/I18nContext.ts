import { signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { type Translator, untranslated } from "./i18n";

/**
 * The frame's translator. A frame shows one checkout in one language at a time, so it is a signal
 * rather than a Preact context: components that read it re-render when it changes, and the bundle
 * does without Preact's context machinery (0.2 KB gzip).
 */
const current = signal<Translator>(untranslated);

export const I18nContext = {
  /** Makes `value` the frame's translator, for its children and everything rendered after. */
  Provider({ value, children }: { value: Translator; children?: ComponentChildren }) {
    current.value = value;
    return children;
  },
};

export function useI18n(): Translator {
  return current.value;
}
