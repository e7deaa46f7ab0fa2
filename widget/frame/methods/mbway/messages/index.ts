import type { ChunkCatalogs } from "../../../i18n/use-chunk-messages";

/** This method's texts, by language: loaded with its chunk, in the frame's language only. */
export const MBWAY_CATALOGS: ChunkCatalogs = {
  en: () => import("./en"),
  pt: () => import("./pt"),
  es: () => import("./es"),
  fr: () => import("./fr"),
  de: () => import("./de"),
};
