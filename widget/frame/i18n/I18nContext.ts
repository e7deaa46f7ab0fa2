import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { type Translator, untranslated } from "./i18n";

export const I18nContext = createContext<Translator>(untranslated);

export function useI18n(): Translator {
  return useContext(I18nContext);
}
