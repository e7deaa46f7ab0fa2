import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { en } from "./en";
import { createTranslator, type Translator } from "./i18n";

export const I18nContext = createContext<Translator>(createTranslator(en));

export function useI18n(): Translator {
  return useContext(I18nContext);
}
