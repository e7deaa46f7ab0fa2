import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedStatus, envelope } from "../contract";
import { embedCheckoutBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ FRAME_ANCESTORS: "https://*.partner.example", CHECKOUT_TTL_MS: "60000" });
});
afterAll(() => svc.cleanup());

/** As the loader asks it from a merchant page: no key, another origin. */
async function status(id: string, origin?: string) {
  const query = origin === undefined ? "" : `?origin=${encodeURIComponent(origin)}`;
  return svc.api("GET", `/embed/${id}/status${query}`, undefined, {
    key: null,
    headers: { origin: "https://x" },
  });
}

async function createCheckout(): Promise<string> {
  const res = await svc.api("POST", "/checkouts", embedCheckoutBody());
  return res.body.data.id as string;
}

describe("GET /embed/{id}/status", () => {
  it("names the allowed origins and whether the page's origin is one, readable from any origin", async () => {
    const id = await createCheckout();
    const allowed = await status(id, "https://shop.example");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("*");
    expect(allowed.headers.get("cache-control")).toBe("no-store");
    expect(envelope(embedStatus).parse(allowed.body).data).toEqual({
      checkout: "open",
      allowedOrigins: ["https://shop.example", "https://*.partner.example"],
      originAllowed: true,
      message: `checkout ${id} is open and https://shop.example may show it`,
    });
    expect((await status(id, "https://eu.partner.example")).body.data.originAllowed).toBe(true);
    expect((await status(id, "http://127.0.0.1:4111")).body.data.message).toBe(
      `this page's origin http://127.0.0.1:4111 may not show checkout ${id}; ` +
        "allowed: https://shop.example https://*.partner.example (the action URL's origin and FRAME_ANCESTORS)",
    );
    expect((await status(id, "http://127.0.0.1:4111")).body.data.originAllowed).toBe(false);
    expect((await status(id)).body.data.originAllowed).toBeNull();
  });

  it("says the same as the frame page's own CSP, nothing more", async () => {
    const id = await createCheckout();
    const page = await fetch(`${svc.baseUrl}/checkout-frame/${id}`);
    const csp = page.headers.get("content-security-policy") ?? "";
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.split(" ");
    const { data } = (await status(id, "https://shop.example")).body;
    expect(data.allowedOrigins).toEqual(ancestors);
    expect(Object.keys(data).sort()).toEqual(["allowedOrigins", "checkout", "message", "originAllowed"]);
    expect(JSON.stringify(data)).not.toMatch(/merchant|amount|SKU|result\?order/);
  });

  it("tells an unknown checkout and a closed one apart from an open one", async () => {
    expect((await status("ck_UnknownUnknown000000", "https://shop.example")).body.data).toEqual({
      checkout: "unknown",
      allowedOrigins: ["*"],
      originAllowed: true,
      message: "checkout ck_UnknownUnknown000000 is unknown: create a new one",
    });
    const id = await createCheckout();
    const pay = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/card-payments`,
      { holder: "Ada", number: "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvc: "123" },
      { key: null },
    );
    expect(pay.status).toBe(200);
    expect((await status(id)).body.data.checkout).toBe("closed");
  });

  it("answers a malformed id or origin with a clear 400", async () => {
    const bad = await status("ck_short");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    const long = await status(await createCheckout(), `https://${"a".repeat(400)}.example`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error)).toContain("origin");
  });
});

describe("the mount API's files", () => {
  it("serves checkout.mjs and its declarations, importable from any origin", async () => {
    for (const [file, type, content] of [
      ["checkout.mjs", "text/javascript", "export"],
      ["checkout.d.mts", "text/plain", "export declare function mountCheckout"],
    ]) {
      const res = await fetch(`${svc.baseUrl}/embed/${file}`, {
        headers: { origin: "https://shop.example" },
      });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(await res.text()).toContain(content);
    }
  });
});
