import type { FrameCheckout, PaymentMethodCode } from "../../contract";
import { ancestorSources } from "../domain/frame-ancestors";
import type { InlineSource } from "./inline-source";

/** What the frame page links: its entry script, the chunks it imports and its stylesheets. */
export interface FrameFiles {
  script: string;
  preloads: string[];
  styles: string[];
}

/** The CSP sources of a page's inline entry and stylesheets. */
export interface FrameHashes {
  script: string[];
  style: string[];
}

/** The built frame, as the page needs it (read once at start by plugins/widget-build.ts). */
export interface FrameAssets {
  files: FrameFiles;
  /** The frame's on-demand message catalogs, by language. */
  catalogs: Record<string, string>;
  /** The same catalogs as JSON (`embeddedJson`), by language, for the page to embed. */
  messages: Record<string, string>;
  /** The entry and stylesheets the page carries inline, by file; the others are linked. */
  inline: Map<string, InlineSource>;
  hashes: FrameHashes;
}

/** The checkout the page is for, or the status `GET /frame-api/checkouts/{id}` would answer instead. */
export type PageCheckout = { checkout: FrameCheckout; actionUrl: string | null } | { status: 400 | 404 };

export interface FramePageOptions {
  /** The language the page speaks and whose catalog it carries (`PT`, `en`, …; anything else is English). */
  language: string;
  /** FRAME_ANCESTORS: origins allowed to frame every checkout, besides its action URL's. */
  frameAncestors: string;
}

export interface FramePage {
  html: string;
  /** The page's Content-Security-Policy header. */
  csp: string;
}

/**
 * The checkout frame's page and its CSP. The frame's data rides in the page, so that it renders at
 * once: the checkout as `GET /frame-api/checkouts/{id}` answers it (or the status it would get) and
 * the language's catalog, in `type="application/json"` blocks, which are never executed (CSP does
 * not apply to them). Its only executed inline script and its inline styles are the built entry and
 * stylesheets, each allowed by its hash, never by 'unsafe-inline'.
 */
export function framePage(page: PageCheckout, assets: FrameAssets, options: FramePageOptions): FramePage {
  const known = "checkout" in page ? page : undefined;
  const language = options.language.toLowerCase();
  const ancestors = frameAncestors(known && { actionUrl: known.actionUrl }, options.frameAncestors);
  const data = "checkout" in page ? { checkout: page.checkout } : { status: page.status };
  return {
    html: renderFramePage(assets.files, {
      language,
      data,
      catalog: assets.catalogs[language],
      messages: assets.messages[language],
      inline: assets.inline,
    }),
    csp: frameCsp(ancestors, assets.hashes),
  };
}

/** JSON that cannot end its `<script>` element or open a comment, and is valid JavaScript too. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

interface PageParts {
  language: string;
  /** The checkout's data for the frame's first render; left out, the frame fetches it. */
  data?: { checkout: FrameCheckout } | { status: number } | undefined;
  /** The language's on-demand catalog, preloaded alongside the entry when it is not embedded. */
  catalog?: string | undefined;
  /** The language's catalog as JSON (`embeddedJson`), embedded so that no download waits for it. */
  messages?: string | undefined;
  /** Entry and stylesheets carried inline, by file; the others are linked. */
  inline?: Map<string, InlineSource> | undefined;
}

/**
 * The payment methods whose form is in the frame's entry (in widget/frame/methods/registry.ts, those
 * with a `Component`); every other method's code is a chunk of its own that the frame imports when
 * its checkout offers it. Such a chunk imports the entry by URL, so a page that may load one links
 * its entry instead of carrying it inline (an inline module cannot be imported: the chunk would run
 * a second copy of the frame).
 */
const ENTRY_METHODS: readonly PaymentMethodCode[] = ["CC"];

/**
 * Whether the frame may load a method's chunk for this page: only a checkout's page knows. A
 * customer's saved cards are a chunk of their own too.
 */
function mayLoadMethodChunks(data: PageParts["data"]): boolean {
  if (!data || !("checkout" in data)) return false;
  const { paymentMethods, savedCards } = data.checkout;
  return !!savedCards?.length || paymentMethods.some((code) => !ENTRY_METHODS.includes(code));
}

/** The frame's HTML. */
export function renderFramePage(files: FrameFiles, page: PageParts): string {
  const lang = /^[a-z]{2}$/.test(page.language) ? page.language : "en";
  const link = (rel: string, file: string) => `<link rel="${rel}" href="/widget/${file}">`;
  const inline = page.inline ?? new Map<string, InlineSource>();
  const style = (file: string) => {
    const source = inline.get(file);
    return source ? `<style>${source.text}</style>` : link("stylesheet", file);
  };
  const entry = mayLoadMethodChunks(page.data) ? undefined : inline.get(files.script);
  return [
    "<!doctype html>",
    `<html lang="${lang}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    "<title>Checkout</title>",
    ...files.styles.map(style),
    ...files.preloads.map((file) => link("modulepreload", file)),
    ...(page.catalog && !page.messages ? [link("modulepreload", page.catalog)] : []),
    ...(page.messages ? [`<script type="application/json" id="catalog-data">${page.messages}</script>`] : []),
    ...(page.data
      ? [`<script type="application/json" id="checkout-data">${embeddedJson(page.data)}</script>`]
      : []),
    // After the data blocks, which the entry reads as soon as it runs.
    entry
      ? `<script type="module">${entry.text}</script>`
      : `<script type="module" src="/widget/${files.script}"></script>`,
    "</head>",
    '<body><div id="app"></div></body>',
    "</html>",
  ].join("\n");
}

/** The `frame-ancestors` value of a checkout's frame page (see `ancestorSources`). */
export function frameAncestors(
  checkout: { actionUrl: string | null } | undefined,
  configured: string,
): string {
  const sources = ancestorSources(checkout, configured);
  return sources.length > 0 ? sources.join(" ") : "'none'";
}

export function frameHashes(files: FrameFiles, inline: Map<string, InlineSource>): FrameHashes {
  const hashOf = (file: string) => inline.get(file)?.hash;
  return {
    script: [hashOf(files.script)].filter((hash): hash is string => !!hash),
    style: files.styles.map(hashOf).filter((hash): hash is string => !!hash),
  };
}

export function frameCsp(ancestors: string, hashes: FrameHashes = { script: [], style: [] }): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...hashes.script].join(" "),
    ["style-src 'self'", ...hashes.style].join(" "),
    "connect-src 'self'",
    // The sandbox issuer's 3-D Secure page, nested in the frame.
    "frame-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}
