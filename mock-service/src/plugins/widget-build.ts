import { readdir, readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { embeddedJson, type FrameAssets, type FrameFiles, frameHashes } from "../http/frame-page";
import { type InlineSource, inlineSource } from "../http/inline-source";

const WIDGET_DIR = resolve(import.meta.dirname, "../../../dist/widget");
const FRAME_ENTRY = "widget/frame/main.tsx";
const CATALOG = /^widget\/frame\/i18n\/([a-z]{2})\.ts$/;
const METHOD_SOURCE = /^widget\/frame\/methods\//;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

export interface Asset {
  body: Buffer;
  type: string;
}

/** The built widget, read once at start. */
export interface WidgetBuild {
  /** The loader merchants' pages run; undefined when the widget is not built. */
  loader: string | undefined;
  /** The mount API for single-page apps (`checkout.mjs`) and its declarations (`checkout.d.mts`). */
  mountApi: { module: string | undefined; types: string | undefined };
  /** What the frame page is made of; undefined when the widget is not built. */
  frame: FrameAssets | undefined;
  /** The payment methods' chunks, which the frame imports only when its checkout offers them. */
  methodChunks: string[];
  /** `assets/<name>` files by name. */
  assets: Map<string, Asset>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The built widget (plugins/widget-build.ts), read once at start. */
    widget: WidgetBuild;
  }
}

/** Reads the widget build once and makes it `app.widget`. Register before the routes that serve it. */
export async function registerWidgetBuild(app: FastifyInstance, dir = WIDGET_DIR): Promise<void> {
  app.decorate("widget", await readWidgetBuild(dir));
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Reads the built widget: the loader, the Vite manifest, every hashed asset and the frame's catalogs. */
export async function readWidgetBuild(dir = WIDGET_DIR): Promise<WidgetBuild> {
  const read = (file: string) => readFile(resolve(dir, file), "utf8").catch(() => undefined);
  const loader = await read("loader.js");
  const mountApi = { module: await read("checkout.mjs"), types: await read("checkout.d.mts") };
  const manifest = await readFile(resolve(dir, ".vite/manifest.json"), "utf8")
    .then((text) => JSON.parse(text) as Record<string, ManifestChunk>)
    .catch(() => undefined);
  const assets = new Map<string, Asset>();
  const names = await readdir(resolve(dir, "assets")).catch(() => [] as string[]);
  for (const name of names) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) assets.set(name, { body: await readFile(resolve(dir, "assets", name)), type });
  }
  const files = manifest && frameFiles(manifest);
  if (!manifest || !files) return { loader, mountApi, frame: undefined, methodChunks: [], assets };
  const catalogs = catalogFiles(manifest);
  const inline = inlineSources(files, assets);
  return {
    loader,
    mountApi,
    frame: {
      files,
      catalogs,
      messages: await catalogMessages(dir, catalogs),
      inline,
      hashes: frameHashes(files, inline),
    },
    methodChunks: methodChunkFiles(manifest),
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

/** The frame's entry script, the chunks it imports and its stylesheets, from the Vite manifest. */
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

/** The chunks of the payment methods not in the entry, with the chunks they import (not the entry). */
export function methodChunkFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files: string[] = [];
  const visit = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const file = manifest[key]?.file;
      if (key === FRAME_ENTRY || !file || files.includes(file)) continue;
      files.push(file);
      visit(manifest[key]?.imports);
    }
  };
  visit(manifest[FRAME_ENTRY]?.dynamicImports?.filter((key) => METHOD_SOURCE.test(key)));
  return files;
}
