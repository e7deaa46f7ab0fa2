import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { FrameCheckout } from "../contract";
import {
  embeddedJson,
  type FrameAssets,
  frameAncestors,
  frameCsp,
  frameHashes,
  framePage,
  renderFramePage,
} from "../src/http/frame-page";
import { inlineSource } from "../src/http/inline-source";
import { catalogFiles, frameFiles, methodChunkFiles } from "../src/plugins/widget-build";

/** A built frame of one entry and one stylesheet, both carried inline. */
function inlinedFrame() {
  const files = { script: "assets/frame-abc.js", preloads: [], styles: ["assets/frame-def.css"] };
  const script = inlineSource("console.log(1)", "script");
  const style = inlineSource(".a{color:red}", "style");
  if (!script || !style) throw new Error("not inlinable");
  const inline = new Map([
    [files.script, script],
    [files.styles[0] as string, style],
  ]);
  return { files, script, style, inline };
}

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

  it("without inline sources, has no inline script or style, and a safe lang", () => {
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

  it("carries the entry and stylesheets inline, each allowed by its own hash in the CSP", () => {
    const { files, inline } = inlinedFrame();
    const html = renderFramePage(files, { language: "en", inline });
    expect(html).toContain('<script type="module">console.log(1)</script>');
    expect(html).toContain("<style>.a{color:red}</style>");
    expect(html).not.toContain("/widget/assets/");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const csp = frameCsp("https://shop.example", frameHashes(files, inline));
    expect(csp).toContain(`script-src 'self' ${sha("console.log(1)")};`);
    expect(csp).toContain(`style-src 'self' ${sha(".a{color:red}")};`);
    expect(csp).not.toContain("unsafe");
  });

  it("links the entry for a checkout offering a method whose code is a chunk that imports it", () => {
    const files = { script: "assets/frame-abc.js", preloads: [], styles: [] };
    const script = inlineSource("console.log(1)", "script");
    if (!script) throw new Error("not inlinable");
    const inline = new Map([[files.script, script]]);
    const page = (paymentMethods: FrameCheckout["paymentMethods"]) =>
      renderFramePage(files, {
        language: "en",
        inline,
        data: {
          checkout: {
            id: "ck_AAAAAAAAAAAAAAAAAAAA",
            amount: 500,
            currency: "EUR",
            paymentMethods,
            createRegistration: false,
            state: "PaymentReady",
            attemptsLeft: 3,
          },
        },
      });
    expect(page(["CC"])).toContain('<script type="module">console.log(1)</script>');
    for (const methods of [["MW"], ["CC", "MW"]] as const) {
      const html = page([...methods]);
      expect(html).toContain('<script type="module" src="/widget/assets/frame-abc.js"></script>');
      expect(html).not.toContain("console.log(1)");
    }
  });

  it("finds the payment methods' chunks among the entry's dynamic imports, not the catalogs", () => {
    const built = {
      "widget/frame/main.tsx": {
        file: "assets/frame-abc.js",
        dynamicImports: ["widget/frame/i18n/pt.ts", "widget/frame/methods/mbway/MbwayMethod.tsx"],
      },
      "widget/frame/i18n/pt.ts": { file: "assets/pt-1.js" },
      "widget/frame/methods/mbway/MbwayMethod.tsx": {
        file: "assets/MbwayMethod-2.js",
        imports: ["widget/frame/main.tsx", "_phone"],
      },
      _phone: { file: "assets/phone-3.js", imports: ["widget/frame/main.tsx"] },
    };
    expect(methodChunkFiles(built)).toEqual(["assets/MbwayMethod-2.js", "assets/phone-3.js"]);
  });

  it("links what could end its element early instead of inlining it", () => {
    expect(inlineSource('a("</script>")', "script")).toBeUndefined();
    expect(inlineSource('a("<!--")', "script")).toBeUndefined();
    expect(inlineSource('a::after{content:"</STYLE>"}', "style")).toBeUndefined();
    expect(inlineSource("a{}", "style")?.hash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it("embeds the language's catalog as a JSON block instead of preloading it", () => {
    const files = frameFiles(manifest);
    if (!files) throw new Error("no frame files");
    const messages = embeddedJson({ language: "pt", messages: { locale: "pt-PT", title: "</script>" } });
    const html = renderFramePage(files, { language: "pt", catalog: "assets/pt-123.js", messages });
    expect(html).toContain(`<script type="application/json" id="catalog-data">${messages}</script>`);
    expect(html).not.toContain("pt-123.js");
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

describe("framePage", () => {
  const { files, script, style, inline } = inlinedFrame();
  const assets: FrameAssets = {
    files,
    catalogs: { pt: "assets/pt-123.js", de: "assets/de-456.js" },
    messages: { pt: embeddedJson({ language: "pt", messages: { locale: "pt-PT" } }) },
    inline,
    hashes: frameHashes(files, inline),
  };
  const checkout: FrameCheckout = {
    id: "ck_AAAAAAAAAAAAAAAAAAAA",
    amount: 2500,
    currency: "EUR",
    language: "PT",
    paymentMethods: ["CC"],
    createRegistration: false,
    state: "PaymentReady",
    attemptsLeft: 3,
  };
  const dataOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="checkout-data">(.*)<\/script>/.exec(html)?.[1] ?? "null",
    );

  it("renders a known checkout in its language, with its data and catalog inline", () => {
    const { html, csp } = framePage({ checkout, actionUrl: "https://shop.example/done" }, assets, {
      language: "PT",
      frameAncestors: "https://other.example",
    });
    expect(html).toContain('<html lang="pt">');
    expect(dataOf(html)).toEqual({ checkout });
    expect(html).toContain(
      `<script type="application/json" id="catalog-data">${assets.messages.pt}</script>`,
    );
    expect(html).toContain('<script type="module">console.log(1)</script>');
    expect(csp).toContain("frame-ancestors https://shop.example https://other.example");
    expect(csp).toContain(`script-src 'self' ${script.hash};`);
    expect(csp).toContain(`style-src 'self' ${style.hash};`);
  });

  it("preloads the catalog of a language whose catalog could not be embedded", () => {
    const { html } = framePage({ checkout: { ...checkout, language: "DE" }, actionUrl: null }, assets, {
      language: "DE",
      frameAncestors: "",
    });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<link rel="modulepreload" href="/widget/assets/de-456.js">');
    expect(html).not.toContain('id="catalog-data"');
  });

  it("for an unknown or malformed id, carries the frame API's status, framable anywhere", () => {
    for (const status of [404, 400] as const) {
      const { html, csp } = framePage({ status }, assets, {
        language: "en",
        frameAncestors: "https://other.example",
      });
      expect(dataOf(html)).toEqual({ status });
      expect(html).toContain('<html lang="en">');
      expect(csp).toContain("frame-ancestors *");
    }
  });

  it("a known checkout without an action URL or configuration can be framed by no one", () => {
    const { csp } = framePage({ checkout, actionUrl: null }, assets, { language: "PT", frameAncestors: "" });
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
  });

  it("speaks English when asked for a language that is not a plain two-letter code", () => {
    const { html } = framePage({ checkout, actionUrl: null }, assets, {
      language: '"><script>',
      frameAncestors: "",
    });
    expect(html).toContain('<html lang="en">');
  });

  it("speaks English when asked for a language that is not a plain two-letter code", () => {
    const { html } = framePage({ checkout, actionUrl: null }, assets, {
      language: '"><script>',
      frameAncestors: "",
    });
    expect(html).toContain('<html lang="en">');
  });
});
