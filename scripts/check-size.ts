/**
 * Measures the built widget (gzip and brotli) and fails when it is over budget:
 * the loader ≤ 3 KB gzip, and all widget bytes (the loader plus everything the frame page loads)
 * ≤ 20 KB gzip. Run after `npm run build`.
 * The frame loads its HTML, entry, static imports and CSS, plus one on-demand chunk (its language's
 * catalog): the largest of those is counted.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { catalogFiles, frameFiles, renderFramePage } from "../mock-service/src/routes/embed";

const DIST = resolve(import.meta.dirname, "../dist/widget");
const KB = 1024;
const BUDGETS = { loader: 3 * KB, widget: 20 * KB };

interface Measured {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(name: string, content: Buffer | string): Measured {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return {
    name,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function read(file: string): Buffer {
  try {
    return readFileSync(resolve(DIST, file));
  } catch {
    console.error(`size: ${file} is missing in dist/widget; run npm run build first`);
    process.exit(1);
  }
}

type Manifest = Parameters<typeof frameFiles>[0] &
  Record<string, { file: string; dynamicImports?: string[] }>;
const manifest = JSON.parse(read(".vite/manifest.json").toString()) as Manifest;
const files = frameFiles(manifest);
if (!files) {
  console.error("size: the manifest has no frame entry");
  process.exit(1);
}

const loader = [measure("loader.js", read("loader.js"))];
const onDemand = Object.values(manifest)
  .flatMap((chunk) => chunk.dynamicImports ?? [])
  .map((key) => manifest[key]?.file)
  .filter((file): file is string => !!file)
  .map((file) => measure(file, read(file)))
  .sort((a, b) => b.gzip - a.gzip);
// The page as the service serves it: with a typical checkout embedded and its catalog preloaded.
const page = renderFramePage(files, {
  language: "de",
  catalog: catalogFiles(manifest).de,
  data: {
    checkout: {
      id: "ck_AAAAAAAAAAAAAAAAAAAA",
      amount: 2500,
      currency: "EUR",
      summary: "Order 1042: 2 items",
      language: "DE",
      paymentMethods: ["CC", "MW"],
      createRegistration: true,
      state: "PaymentReady",
      attemptsLeft: 3,
    },
  },
});
const frame = [
  measure("frame page (HTML)", page),
  ...[files.script, ...files.preloads, ...files.styles].map((file) => measure(file, read(file))),
  ...onDemand.slice(0, 1).map((m) => ({ ...m, name: `${m.name} (largest of ${onDemand.length} on demand)` })),
];

const total = (items: readonly Measured[]): Measured => ({
  name: "total",
  raw: items.reduce((sum, m) => sum + m.raw, 0),
  gzip: items.reduce((sum, m) => sum + m.gzip, 0),
  brotli: items.reduce((sum, m) => sum + m.brotli, 0),
});

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`.padStart(10);
const NAME_WIDTH = 52;
let failed = false;
for (const [group, items, budget] of [
  ["loader", loader, BUDGETS.loader],
  ["widget: loader + frame", [...loader, ...frame], BUDGETS.widget],
] as const) {
  const sum = total(items);
  const over = sum.gzip > budget;
  failed ||= over;
  console.log(`\n${group} (budget ${kb(budget).trim()} gzip)${over ? "  OVER BUDGET" : ""}`);
  console.log(
    `  ${"file".padEnd(NAME_WIDTH)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}`,
  );
  for (const m of items.length > 1 ? [...items, sum] : items) {
    console.log(`  ${m.name.padEnd(NAME_WIDTH)}${kb(m.raw)}${kb(m.gzip)}${kb(m.brotli)}`);
  }
}
if (failed) {
  console.error("\nsize: over budget");
  process.exit(1);
}
