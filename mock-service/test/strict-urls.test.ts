import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strictOrigin } from "../contract";
import { frameAncestors } from "../src/http/frame-page";
import { embedCheckoutBody, referenceBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
});
afterAll(() => svc.cleanup());

const REJECTED = {
  wildcard: "http://*:4797/result",
  "wildcard subdomain": "https://*.shop.example/r",
  "directive injection": "https://shop.example;sandbox/r",
  "source list injection": "https://shop.example,evil.example/r",
  "quote in the host": "https://shop.example'/r",
  "space in the origin": "https://shop.example /r",
  "tab in the origin": "https://shop.\texample/r",
  credentials: "https://user:secret@shop.example/r",
  "user name only": "https://user@shop.example/r",
  "not a host name": "https://shop_example/r",
  "no host": "https:///r",
  "other scheme": "javascript:alert(1)",
  "ftp scheme": "ftp://shop.example/r",
  "not a URL": "shop.example/r",
} as const;

const FIELDS = [
  {
    field: "redirects.0.url",
    path: "/checkouts",
    body: (url: string) => embedCheckoutBody({ redirects: [{ type: "action", url }] }),
  },
  {
    field: "callbackUrl",
    path: "/payments/references",
    body: (url: string) => referenceBody({ callbackUrl: url }),
  },
  { field: "url", path: "/webhooks", body: (url: string) => ({ url }) },
];

describe("URLs that reach a CSP or receive notifications", () => {
  for (const { field, path, body } of FIELDS) {
    for (const [shape, url] of Object.entries(REJECTED)) {
      it(`${field}: ${shape} answers 400 naming the field`, async () => {
        const res = await svc.api("POST", path, body(url));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("invalid_request");
        expect(res.body.error.details).toEqual([expect.objectContaining({ path: field })]);
        expect(res.body.error.message).toContain(field);
      });
    }
  }

  for (const url of [
    "https://shop.example/result?order=1#x",
    "http://localhost:4111/result",
    "http://127.0.0.1:4111/r",
    "http://[::1]:8080/r",
    "https://bücher.example/r",
    "https://shop.example./r",
  ]) {
    it(`accepts ${url}`, async () => {
      const res = await svc.api(
        "POST",
        "/checkouts",
        embedCheckoutBody({ redirects: [{ type: "action", url }] }),
      );
      expect(res.status).toBe(201);
    });
  }

  it("frame-ancestors takes only parsed origins: a stored wildcard or injected directive adds nothing", () => {
    expect(frameAncestors({ actionUrl: REJECTED.wildcard }, "")).toBe("'none'");
    expect(frameAncestors({ actionUrl: REJECTED["directive injection"] }, "")).toBe("'none'");
    expect(frameAncestors({ actionUrl: "http://localhost:4111/r" }, "")).toBe("http://localhost:4111");
    expect(strictOrigin("https://bücher.example/r")).toBe("https://xn--bcher-kva.example");
  });
});
