import { copyFile } from "node:fs/promises";
import { resolve } from "node:path";
import preact from "@preact/preset-vite";
import { build, type Plugin } from "vite";
import { defineConfig } from "vitest/config";

const WIDGET_OUT = "dist/widget";
/**
 * lightningcss `Features` flags (not imported: lightningcss is Vite's dependency, not ours) for
 * transforms the frame does not need: `system-ui`'s long fallback stack (the stylesheet names its
 * own) and the `light-dark()` polyfill's variables that `color-scheme` triggers (no `light-dark()`).
 */
const FONT_FAMILY_SYSTEM_UI = 65536;
const LIGHT_DARK = 1048576;

/**
 * The loader runs as a classic script in merchant pages, possibly several times on one page, so it
 * is built on its own as one IIFE with a stable name (`loader.js`), after the frame build. The mount
 * API for single-page apps shares its code, as one ES module (`checkout.mjs`) with its declarations
 * (`checkout.d.mts`) beside it.
 */
function loaderBuild(): Plugin {
  return {
    name: "widget-loader",
    apply: "build",
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        build: {
          outDir: WIDGET_OUT,
          emptyOutDir: false,
          target: "es2020",
          minify: true,
          lib: {
            entry: "widget/embed-api/mount-checkout.ts",
            formats: ["es"],
            fileName: () => "checkout.mjs",
          },
        },
      });
      await copyFile("widget/embed-api/checkout.d.mts", `${WIDGET_OUT}/checkout.d.mts`);
      await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        build: {
          outDir: WIDGET_OUT,
          emptyOutDir: false,
          target: "es2020",
          minify: true,
          lib: {
            entry: "widget/loader/loader.ts",
            formats: ["iife"],
            name: "sandboxCheckoutLoader",
            fileName: () => "loader.js",
          },
        },
      });
    },
  };
}

/**
 * The test-mode dashboard (mock-service/dashboard/) is a second entry built on its own, with the plain
 * Preact preset, into dist/dashboard: none of its bytes reach dist/widget, which `npm run size` measures.
 */
function dashboardBuild(): Plugin {
  return {
    name: "dashboard",
    apply: "build",
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        base: "/dashboard/",
        plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false })],
        build: {
          outDir: "dist/dashboard",
          emptyOutDir: true,
          manifest: true,
          target: "es2020",
          assetsInlineLimit: 0,
          rolldownOptions: { input: { dashboard: "mock-service/dashboard/main.tsx" } },
        },
      });
    },
  };
}

/**
 * The service may inline the frame's entry into its page, where a relative specifier would resolve
 * against the page's URL: chunks are imported by absolute path (`/widget/assets/…`) instead.
 */
function absoluteChunkImports(base: string): Plugin {
  return {
    name: "widget-absolute-chunk-imports",
    apply: "build",
    renderChunk: (code) => code.replace(/\bimport\((["'`])\.\/(?=[^"'`]+\1\))/g, `import($1${base}assets/`),
  };
}

/** Production JSX through `createElement`: see widget/frame/jsx-runtime.ts. */
function lightJsxRuntime(): Plugin {
  return {
    name: "widget-light-jsx-runtime",
    apply: "build",
    enforce: "pre",
    resolveId: {
      filter: { id: /^preact\/jsx-runtime$/ },
      handler: () => resolve(import.meta.dirname, "widget/frame/jsx-runtime.ts"),
    },
  };
}

const BASE = "/widget/";

export default defineConfig({
  // The frame is served from /widget/; its assets are content-hashed and listed in the manifest.
  base: BASE,
  publicDir: false,
  // The service's contract (zod schemas, error codes, test data), as the widget imports it: `@contract/…`.
  resolve: { alias: { "@contract": resolve(import.meta.dirname, "mock-service/contract") } },
  css: { lightningcss: { exclude: FONT_FAMILY_SYSTEM_UI | LIGHT_DARK } },
  plugins: [
    preact({ devtoolsInProd: false, prefreshEnabled: false }),
    absoluteChunkImports(BASE),
    lightJsxRuntime(),
    loaderBuild(),
    dashboardBuild(),
  ],
  build: {
    outDir: WIDGET_OUT,
    emptyOutDir: true,
    manifest: true,
    target: "es2020",
    // No `<link rel="modulepreload">` injection nor polyfill: the service's frame page says what to
    // preload, and the frame's chunks (catalogs, payment methods) import nothing but the entry.
    modulePreload: false,
    assetsInlineLimit: 0,
    rolldownOptions: { input: { frame: "widget/frame/main.tsx" } },
  },
  test: {
    include: [
      "mock-service/**/*.test.ts",
      "widget/**/*.test.{ts,tsx}",
      "mock-service/dashboard/**/*.test.{ts,tsx}",
      "demo-merchant/**/*.test.ts",
      "scripts/**/*.test.ts",
      "client/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
