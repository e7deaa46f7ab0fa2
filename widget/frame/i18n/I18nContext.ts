import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { createTranslator, type Translator } from "./i18n";

export const I18nContext = createContext<Translator>(createTranslator(undefined));

export function useI18n(): Translator {
  return useContext(I18nContext);
}
