import { describe, expect, it } from "vitest";
import {
  catalogFiles,
  embeddedJson,
  frameAncestors,
  frameCsp,
  frameFiles,
  renderFramePage,
} from "../src/routes/embed";

describe("frame-ancestors of the checkout frame", () => {
  it("is the action URL's origin plus the configured origins", () => {
    expect(frameAncestors({ actionUrl: "https://shop.example/result?x=1" }, "")).toBe("https://shop.example");
    expect(
      frameAncestors({ actionUrl: "https://shop.example/r" }, "https://a.example, https://*.b.example"),
    ).toBe("https://shop.example https://a.example https://*.b.example");
    expect(frameAncestors({ actionUrl: "https://shop.example/r" }, "https://shop.example")).toBe(
      "https://shop.example",
    );
  });

  it("ignores configured values that are not origins, so nothing can be injected into the header", () => {
    expect(
      frameAncestors(
        { actionUrl: null },
        "https://ok.example, https://x.example;script-src 'unsafe-inline' javascript: data:",
      ),
    ).toBe("https://ok.example");
  });

  it("is 'none' for a known checkout without an action URL or configuration", () => {
    expect(frameAncestors({ actionUrl: null }, "")).toBe("'none'");
  });

  it("is * for an unknown checkout, whose page shows only a message", () => {
    expect(frameAncestors(undefined, "")).toBe("*");
  });
});

describe("the frame page", () => {
  const manifest = {
    "widget/frame/main.tsx": {
      file: "assets/frame-abc.js",
      css: ["assets/frame-def.css"],
      imports: ["_shared"],
    },
    _shared: { file: "assets/shared-123.js", css: ["assets/shared-456.css"] },
  };

  it("links the entry, its imports and every stylesheet from the manifest", () => {
    expect(frameFiles(manifest)).toEqual({
      script: "assets/frame-abc.js",
      preloads: ["assets/shared-123.js"],
      styles: ["assets/frame-def.css", "assets/shared-456.css"],
    });
    expect(frameFiles({})).toBeUndefined();
  });

  it("has no inline script or style and a safe lang", () => {
    const files = frameFiles(manifest);
    if (!files) throw new Error("no frame files");
    const html = renderFramePage(files, { language: "pt" });
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('<script type="module" src="/widget/assets/frame-abc.js"></script>');
    expect(html).not.toMatch(/<script>|<style|style=/);
    expect(renderFramePage(files, { language: '"><script>' })).toContain('<html lang="en">');
  });

  it("preloads the language's catalog, found among the entry's dynamic imports", () => {
    const catalogs = catalogFiles({
      "widget/frame/main.tsx": {
        file: "assets/frame-abc.js",
        dynamicImports: ["widget/frame/i18n/pt.ts", "widget/frame/other.ts"],
      },
      "widget/frame/i18n/pt.ts": { file: "assets/pt-123.js" },
      "widget/frame/other.ts": { file: "assets/other-456.js" },
    });
    expect(catalogs).toEqual({ pt: "assets/pt-123.js" });
    const files = frameFiles(manifest);
    if (!files) throw new Error("no frame files");
    expect(renderFramePage(files, { language: "pt", catalog: catalogs.pt })).toContain(
      '<link rel="modulepreload" href="/widget/assets/pt-123.js">',
    );
  });

  it("embeds the checkout as a JSON block that no text in it can close or break", () => {
    const files = frameFiles(manifest);
    if (!files) throw new Error("no frame files");
    const summary = "</script><script>alert(1)</script><!-- & \u2028\u2029 -->";
    const html = renderFramePage(files, { language: "en", data: { status: 404 } });
    expect(html).toContain('<script type="application/json" id="checkout-data">{"status":404}</script>');
    const json = embeddedJson({ summary });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ summary });
    expect(json).toBe(
      '{"summary":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 --\\u003e"}',
    );
  });

  it("has a CSP without unsafe-inline or unsafe-eval", () => {
    const csp = frameCsp("https://shop.example");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors https://shop.example");
    expect(csp).not.toContain("unsafe");
  });
});
