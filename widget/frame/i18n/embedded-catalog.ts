import type { Messages } from "./messages";

export const EMBEDDED_CATALOG_ID = "catalog-data";

/**
 * The catalog the service embedded in the frame page (`<script type="application/json">`,
 * `{"language": "pt", "messages": {…}}`), so the first render waits for no download. Undefined when
 * there is none, it is unreadable, or it is another language's.
 */
export function readEmbeddedCatalog(
  language: string,
  // Undefined outside a browser (the catalogs' unit tests): nothing is embedded there.
  doc: Document | undefined = globalThis.document,
): Messages | undefined {
  let data: { language?: unknown; messages?: Messages } | null;
  try {
    data = JSON.parse(doc?.getElementById(EMBEDDED_CATALOG_ID)?.textContent ?? "null") as typeof data;
  } catch {
    return undefined;
  }
  return data?.language === language && typeof data.messages?.locale === "string" ? data.messages : undefined;
}
