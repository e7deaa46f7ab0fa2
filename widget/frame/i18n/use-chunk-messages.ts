import { useSignal } from "../utils/signals";
import { useEffect } from "preact/hooks";
import { FALLBACK_LANGUAGE, addChunkMessages } from "./i18n";
import { useI18n } from "./I18nContext";
import type { ChunkMessages } from "./messages";

/** A lazy chunk's own catalogs, one module per language, each exporting it under its language's name. */
export type ChunkCatalogs = Record<string, () => Promise<Record<string, ChunkMessages>>>;

/**
 * Whether a lazy chunk's texts are there in the frame's language: they load with the chunk, in that
 * language only, and again when the language changes; English when its own cannot load. The page
 * embeds only the entry's catalog, so a checkout that never opens the chunk never downloads them.
 */
export function useChunkMessages(catalogs: ChunkCatalogs): boolean {
  const { language } = useI18n();
  const loaded = useSignal<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const load = async (wanted: string) => (await catalogs[wanted]?.())?.[wanted];
    load(language)
      .catch(() => undefined)
      .then(async (messages) => messages ?? (await load(FALLBACK_LANGUAGE)))
      .then((messages) => messages && addChunkMessages(language, messages))
      .catch(() => undefined) // the texts' keys then, as when the entry's catalog cannot load
      .finally(() => current && (loaded.value = language));
    return () => {
      current = false;
    };
  }, [language, catalogs, loaded]);
  return loaded.value === language;
}
