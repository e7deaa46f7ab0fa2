import { describe, expect, it } from "vitest";
import { frameAncestors, frameCsp, frameFiles, renderFramePage } from "../src/routes/embed";

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
    const html = renderFramePage(files, "pt");
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('<script type="module" src="/widget/assets/frame-abc.js"></script>');
    expect(html).not.toMatch(/<script>|<style|style=/);
    expect(renderFramePage(files, '"><script>')).toContain('<html lang="en">');
  });

  it("has a CSP without unsafe-inline or unsafe-eval", () => {
    const csp = frameCsp("https://shop.example");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors https://shop.example");
    expect(csp).not.toContain("unsafe");
  });
});
