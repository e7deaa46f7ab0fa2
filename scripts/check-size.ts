/**
 * Measures the built widget (gzip and brotli) and fails when it is over budget: the loader ≤ 3 KB
 * gzip; everything a card-only checkout downloads from the checkout origin (the loader and the frame
 * page with what it links) ≤ 20 KB gzip; and the same for a checkout offering every method, with
 * every method's chunk, ≤ 28 KB gzip. Run after `npm run build`.
 * The frame page carries its CSS and its language's catalog inline (the largest catalog is counted),
 * and its entry too when the checkout needs no method's chunk; whatever it links is counted as files.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from "../mock-service/contract";
import { framePage } from "../mock-service/src/http/frame-page";
import { readWidgetBuild } from "../mock-service/src/plugins/widget-build";

const DIST = resolve(import.meta.dirname, "../dist/widget");
const KB = 1024;
const BUDGETS = { loader: 3 * KB, cardOnly: 20 * KB, everyMethod: 28 * KB };

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

const widget = await readWidgetBuild(DIST);
const files = widget.frame;
if (!files) {
  console.error("size: the manifest has no frame entry; run npm run build first");
  process.exit(1);
}

const loader = [measure("loader.js", read("loader.js"))];
const largestCatalog = Object.entries(files.messages)
  .map(([language, json]) => ({ language, gzip: measure(language, json).gzip }))
  .sort((a, b) => b.gzip - a.gzip)[0]?.language;
if (!largestCatalog) {
  console.error("size: no catalog could be read from dist/widget");
  process.exit(1);
}
/** The frame page as the service serves it for a checkout offering `methods`, and the files it links. */
const pageFor = (methods: PaymentMethodCode[]): Measured[] => {
  const { html } = framePage(
    {
      checkout: {
        id: "ck_AAAAAAAAAAAAAAAAAAAA",
        amount: 2500,
        currency: "EUR",
        summary: "Order 1042: 2 items",
        language: largestCatalog.toUpperCase(),
        paymentMethods: methods,
        createRegistration: true,
        state: "PaymentReady",
        attemptsLeft: 3,
      },
      actionUrl: "https://shop.example/result",
    },
    files,
    { language: largestCatalog, frameAncestors: "" },
  );
  const entryInline = html.includes(`<script type="module">`);
  const linked = [
    ...(entryInline ? [] : [files.files.script]),
    ...files.files.preloads,
    ...files.files.styles.filter((file) => !files.inline.has(file)),
  ];
  return [
    measure(`frame page (HTML: ${entryInline ? "entry, " : ""}CSS, ${largestCatalog} catalog inline)`, html),
    ...linked.map((file) => measure(file, read(file))),
  ];
};

const cardOnly = pageFor(["CC"]);
// Every method offered: the page, and every method's chunk (what the frame imports that is not a catalog).
const everyMethod = [
  ...pageFor([...PAYMENT_METHOD_CODES]),
  ...widget.methodChunks.map((file) => measure(file, read(file))),
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
  ["card-only checkout: loader + frame", [...loader, ...cardOnly], BUDGETS.cardOnly],
  ["every method offered: loader + frame + methods", [...loader, ...everyMethod], BUDGETS.everyMethod],
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
