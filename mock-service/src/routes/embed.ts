import { readdir, readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyPluginAsync } from "fastify";
import { type FrameCheckout, strictOrigin } from "../../contract";
import { ApiError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { presentFrameCheckout, readFrameCheckout } from "../operations/frame";
import { errorBody } from "../plugins/envelope";
import { type InlineSource, inlineSource } from "./inline-source";

const WIDGET_DIR = resolve(import.meta.dirname, "../../../dist/widget");
const FRAME_ENTRY = "widget/frame/main.tsx";
const CHECKOUT_ID = /^ck_[A-Za-z0-9]{20}$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

interface Asset {
  body: Buffer;
  type: string;
}

/** What the frame page links: its entry script, the chunks it imports and its stylesheets. */
export interface FrameFiles {
  script: string;
  preloads: string[];
  styles: string[];
}

export interface WidgetBuild {
  loader: string | undefined;
  frame: FrameFiles | undefined;
  /** The frame's message catalogs (loaded on demand), by language. */
  catalogs: Record<string, string>;
  /** The same catalogs as JSON, by language, for the frame page to embed. */
  messages: Record<string, string>;
  /** The frame's entry script and stylesheets that its page carries inline, by file. */
  inline: Map<string, InlineSource>;
  /** `assets/<name>` files by name, read once at start. */
  assets: Map<string, Asset>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Reads the built widget once: the loader, the Vite manifest and every hashed asset. */
export async function readWidgetBuild(dir = WIDGET_DIR): Promise<WidgetBuild> {
  const loader = await readFile(resolve(dir, "loader.js"), "utf8").catch(() => undefined);
  const manifest = await readFile(resolve(dir, ".vite/manifest.json"), "utf8")
    .then((text) => JSON.parse(text) as Record<string, ManifestChunk>)
    .catch(() => undefined);
  const assets = new Map<string, Asset>();
  const names = await readdir(resolve(dir, "assets")).catch(() => [] as string[]);
  for (const name of names) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) assets.set(name, { body: await readFile(resolve(dir, "assets", name)), type });
  }
  const frame = manifest && frameFiles(manifest);
  const catalogs = manifest ? catalogFiles(manifest) : {};
  return {
    loader,
    frame,
    catalogs,
    messages: await catalogMessages(dir, catalogs),
    inline: frame ? inlineSources(frame, assets) : new Map(),
    assets,
  };
}

/**
 * The entry and stylesheets go inside the frame page (allowed by their CSP hashes): the form then
 * renders without waiting for more downloads. An entry with static imports stays a file, as would
 * any text that cannot sit inside its element.
 */
function inlineSources(files: FrameFiles, assets: Map<string, Asset>): Map<string, InlineSource> {
  const inline = new Map<string, InlineSource>();
  const text = (file: string) => assets.get(file.replace(/^assets\//, ""))?.body.toString("utf8");
  const script = files.preloads.length === 0 ? text(files.script) : undefined;
  const entry = script === undefined ? undefined : inlineSource(script, "script");
  if (entry) inline.set(files.script, entry);
  for (const file of files.styles) {
    const css = text(file);
    const style = css === undefined ? undefined : inlineSource(css, "style");
    if (style) inline.set(file, style);
  }
  return inline;
}

/** Each built catalog chunk exports its catalog under its language's name: as embeddable JSON. */
async function catalogMessages(
  dir: string,
  catalogs: Record<string, string>,
): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  for (const [language, file] of Object.entries(catalogs)) {
    const module = (await import(pathToFileURL(resolve(dir, file)).href).catch(() => undefined)) as
      Record<string, unknown> | undefined;
    if (module?.[language]) messages[language] = embeddedJson({ language, messages: module[language] });
  }
  return messages;
}

export function frameFiles(manifest: Record<string, ManifestChunk>): FrameFiles | undefined {
  const entry = manifest[FRAME_ENTRY];
  if (!entry) return undefined;
  const preloads: string[] = [];
  const styles = [...(entry.css ?? [])];
  const visit = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || preloads.includes(chunk.file)) continue;
      preloads.push(chunk.file);
      styles.push(...(chunk.css ?? []).filter((css) => !styles.includes(css)));
      visit(chunk.imports);
    }
  };
  visit(entry.imports);
  return { script: entry.file, preloads, styles };
}

const CATALOG = /^widget\/frame\/i18n\/([a-z]{2})\.ts$/;

/** The frame's on-demand message catalogs (`widget/frame/i18n/<language>.ts`), by language. */
export function catalogFiles(manifest: Record<string, ManifestChunk>): Record<string, string> {
  const catalogs: Record<string, string> = {};
  for (const key of manifest[FRAME_ENTRY]?.dynamicImports ?? []) {
    const language = CATALOG.exec(key)?.[1];
    const file = manifest[key]?.file;
    if (language && file) catalogs[language] = file;
  }
  return catalogs;
}

/**
 * What the frame needs to render at once, embedded in its page so that it asks for nothing more:
 * the checkout as `GET /frame-api/checkouts/{id}` answers it, or the status that request would get.
 */
export type FrameData = { checkout: FrameCheckout } | { status: number };

/** JSON that cannot end its `<script>` element or open a comment, and is valid JavaScript too. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export interface FramePage {
  language: string;
  /** The checkout's data for the frame's first render; left out, the frame fetches it. */
  data?: FrameData | undefined;
  /** The language's on-demand catalog, preloaded alongside the entry when it is not embedded. */
  catalog?: string | undefined;
  /** The language's catalog as JSON (`embeddedJson`), embedded so that no download waits for it. */
  messages?: string | undefined;
  /** Entry and stylesheets carried inline, by file; the others are linked. */
  inline?: Map<string, InlineSource> | undefined;
}

/**
 * The frame's HTML. Its only executed inline script and its inline styles are the built entry and
 * stylesheets, each allowed by its hash (`frameHashes`), never by 'unsafe-inline'. The checkout's
 * data and catalog ride in `type="application/json"` blocks, which are never executed (CSP does
 * not apply to them).
 */
export function renderFramePage(files: FrameFiles, page: FramePage): string {
  const lang = /^[a-z]{2}$/.test(page.language) ? page.language : "en";
  const link = (rel: string, file: string) => `<link rel="${rel}" href="/widget/${file}">`;
  const inline = page.inline ?? new Map<string, InlineSource>();
  const style = (file: string) => {
    const source = inline.get(file);
    return source ? `<style>${source.text}</style>` : link("stylesheet", file);
  };
  const entry = inline.get(files.script);
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

const ANCESTOR = /^(\*|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?)$/;

/**
 * Who may frame the checkout: the origin of its registered action URL plus FRAME_ANCESTORS.
 * An unknown checkout gets `*`: its page only says "checkout not found" (no input, no data), so
 * framing it anywhere risks nothing, and the merchant sees the message in their own page instead of
 * a blank, blocked frame. A known checkout without an action URL can only be framed by FRAME_ANCESTORS.
 */
export function frameAncestors(
  checkout: { actionUrl: string | null } | undefined,
  configured: string,
): string {
  if (!checkout) return "*";
  const sources = configured.split(/[\s,]+/).filter((source) => ANCESTOR.test(source));
  // Only an origin parsed from a strict URL reaches the policy: a wildcard or a `;` stored before URLs
  // were strict adds nothing.
  const actionOrigin = checkout.actionUrl ? strictOrigin(checkout.actionUrl) : undefined;
  if (actionOrigin) sources.unshift(actionOrigin);
  return sources.length > 0 ? [...new Set(sources)].join(" ") : "'none'";
}

/** The CSP sources of a page's inline entry and stylesheets. */
export interface FrameHashes {
  script: string[];
  style: string[];
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
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}

/** The loader merchants paste, the checkout frame page and the frame's hashed assets. */
export const embedRoutes: FastifyPluginAsync<{ ctx: Ctx }> = async (app, { ctx }) => {
  const widget = await readWidgetBuild();
  const hashes = widget.frame && frameHashes(widget.frame, widget.inline);
  const notBuilt = errorBody("widget_not_built", "the widget is not built: run npm run build");

  app.get("/embed/:id", { schema: { hide: true } }, async (_request, reply) => {
    if (!widget.loader) return reply.code(503).send(notBuilt);
    return reply
      .type("text/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .send(widget.loader);
  });

  app.get<{ Params: { id: string } }>(
    "/checkout-frame/:id",
    { schema: { hide: true } },
    async (request, reply) => {
      if (!widget.frame) return reply.code(503).send(notBuilt);
      const { id } = request.params;
      const row = CHECKOUT_ID.test(id)
        ? await readFrameCheckout(ctx, id).catch((error: unknown) => {
            if (error instanceof ApiError && error.statusCode === 404) return undefined;
            throw error;
          })
        : undefined;
      const ancestors = frameAncestors(row && { actionUrl: row.action_url }, ctx.config.FRAME_ANCESTORS);
      const language = (row?.language ?? "en").toLowerCase();
      // A malformed id is answered 400 by the frame API; the frame treats both as "no such checkout".
      const data: FrameData = row
        ? { checkout: presentFrameCheckout(ctx, row) }
        : { status: CHECKOUT_ID.test(id) ? 404 : 400 };
      return reply
        .type("text/html; charset=utf-8")
        .header("Content-Security-Policy", frameCsp(ancestors, hashes))
        .header("Cache-Control", "no-store")
        .send(
          renderFramePage(widget.frame, {
            language,
            data,
            catalog: widget.catalogs[language],
            messages: widget.messages[language],
            inline: widget.inline,
          }),
        );
    },
  );

  app.get<{ Params: { file: string } }>(
    "/widget/assets/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = widget.assets.get(request.params.file);
      if (!asset) return reply.code(404).send(errorBody("not_found", "asset not found"));
      return reply.type(asset.type).header("Cache-Control", IMMUTABLE).send(asset.body);
    },
  );
};
