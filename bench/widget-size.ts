import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface WidgetSizes {
  loader: FileSize;
  /** The frame page and everything it links (scripts, module preloads, stylesheets). */
  frame: FileSize[];
  total: { raw: number; gzip: number; brotli: number };
}

/** Compressed as a CDN would precompress: gzip -9, brotli quality 11. */
function sizeOf(file: string, body: Buffer): FileSize {
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

async function download(url: string): Promise<Buffer> {
  const answer = await fetch(url);
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) throw new Error(`GET ${url} answered ${answer.status}: ${body.toString().slice(0, 200)}`);
  return body;
}

/** What a browser downloads for one checkout, as the service serves it: loader, frame page, frame assets. */
export async function measureWidgetSizes(serviceUrl: string, checkoutId: string): Promise<WidgetSizes> {
  const loader = sizeOf("loader.js", await download(`${serviceUrl}/embed/${checkoutId}`));
  const page = await download(`${serviceUrl}/checkout-frame/${checkoutId}`);
  const frame = [sizeOf("checkout-frame page (HTML)", page)];
  const linked = [...page.toString().matchAll(/(?:src|href)="(\/widget\/[^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  for (const path of new Set(linked))
    frame.push(sizeOf(path.replace(/^\/widget\//, ""), await download(`${serviceUrl}${path}`)));
  const all = [loader, ...frame];
  const sum = (key: "raw" | "gzip" | "brotli") => all.reduce((total, f) => total + f[key], 0);
  return { loader, frame, total: { raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") } };
}
