import type { ComponentChildren } from "preact";
import { type Translator, untranslated } from "./i18n";

/**
 * The frame's translator. A frame shows one checkout in one language at a time, and the app renders
 * its whole tree again when the language changes, so the provider only has to set it before its
 * children render: the bundle does without Preact's context machinery (0.2 KB gzip).
 */
let current: Translator = untranslated;

export const I18nContext = {
  /** Makes `value` the frame's translator, for its children and everything rendered after. */
  Provider({ value, children }: { value: Translator; children?: ComponentChildren }) {
    current = value;
    return children;
  },
};

export function useI18n(): Translator {
  return current;
}

/** The frame's translator now, for code that runs after its render (a stream's handler). */
export function currentTranslator(): Translator {
  return current;
}
