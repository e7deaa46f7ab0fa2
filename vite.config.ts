import preact from "@preact/preset-vite";
import { build, type Plugin } from "vite";
import { defineConfig } from "vitest/config";

const WIDGET_OUT = "dist/widget";

/**
 * The loader runs as a classic script in merchant pages, possibly several times on one page, so it
 * is built on its own as one IIFE with a stable name (`loader.js`), after the frame build.
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
          target: "es2019",
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

export default defineConfig({
  // The frame is served from /widget/; its assets are content-hashed and listed in the manifest.
  base: "/widget/",
  publicDir: false,
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), loaderBuild()],
  build: {
    outDir: WIDGET_OUT,
    emptyOutDir: true,
    manifest: true,
    target: "es2020",
    modulePreload: false,
    assetsInlineLimit: 0,
    rolldownOptions: { input: { frame: "widget/frame/main.tsx" } },
  },
  test: {
    include: [
      "mock-service/**/*.test.ts",
      "widget/**/*.test.{ts,tsx}",
      "demo-merchant/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
