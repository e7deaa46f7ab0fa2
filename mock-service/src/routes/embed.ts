import { readdir, readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import type { FrameCheckout } from "../../contract";
import { ApiError } from "../domain/errors";
import type { Ctx } from "../operations/context";
import { loadOpenableCheckout, presentFrameCheckout } from "../operations/frame";
import { errorBody } from "../plugins/envelope";

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
  return {
    loader,
    frame: manifest && frameFiles(manifest),
    catalogs: manifest ? catalogFiles(manifest) : {},
    assets,
  };
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
  /** The language's on-demand catalog, preloaded alongside the entry. */
  catalog?: string | undefined;
}

/**
 * The frame's HTML: no inline script or style, so its CSP can forbid both. The checkout's data
 * rides in a `type="application/json"` block, which is never executed (CSP does not apply to it).
 */
export function renderFramePage(files: FrameFiles, page: FramePage): string {
  const lang = /^[a-z]{2}$/.test(page.language) ? page.language : "en";
  const link = (rel: string, file: string) => `<link rel="${rel}" href="/widget/${file}">`;
  return [
    "<!doctype html>",
    `<html lang="${lang}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    "<title>Checkout</title>",
    ...files.styles.map((file) => link("stylesheet", file)),
    ...files.preloads.map((file) => link("modulepreload", file)),
    ...(page.catalog ? [link("modulepreload", page.catalog)] : []),
    `<script type="module" src="/widget/${files.script}"></script>`,
    ...(page.data
      ? [`<script type="application/json" id="checkout-data">${embeddedJson(page.data)}</script>`]
      : []),
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
  if (checkout.actionUrl) {
    try {
      sources.unshift(new URL(checkout.actionUrl).origin);
    } catch {
      // a stored action URL was validated at creation; an unparsable one simply adds nothing
    }
  }
  return sources.length > 0 ? [...new Set(sources)].join(" ") : "'none'";
}

export function frameCsp(ancestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
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
        ? await loadOpenableCheckout(ctx, id).catch((error: unknown) => {
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
        .header("Content-Security-Policy", frameCsp(ancestors))
        .header("Cache-Control", "no-store")
        .send(renderFramePage(widget.frame, { language, data, catalog: widget.catalogs[language] }));
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
