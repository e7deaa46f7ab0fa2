import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildShopApp } from "./app";
import { loadDemoConfig } from "./config";
import { LiveUpdates } from "./live-updates";
import { createPaymentsClient } from "./payments-client";
import { ShopRecords } from "./store/records";

let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "demo-errors-"));
  // Port 9 (discard) refuses connections: the payment service is "down".
  const config = loadDemoConfig({
    DEMO_DATA_DIR: dir,
    DEMO_LOG_LEVEL: "silent",
    SERVICE_URL: "http://127.0.0.1:9",
  });
  app = await buildShopApp({
    config,
    client: createPaymentsClient({ baseUrl: config.serviceUrl, apiKey: config.apiKey, timeoutMs: 2000 }),
    records: new ShopRecords(dir),
    live: new LiveUpdates(),
    webhookSecret: () => "whsec_x",
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("friendly errors", () => {
  it("explains that payments are unavailable when the service is down, without internals", async () => {
    for (const request of [
      {
        method: "POST" as const,
        url: "/checkout",
        headers: form,
        payload: "productId=cork-notebook&language=EN",
      },
      { method: "GET" as const, url: "/customers" },
      { method: "POST" as const, url: "/multibanco", headers: form, payload: "amount=12.50&validity=1d" },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("Payments are unavailable");
      expect(response.body).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+|PaymentsUnavailableError/);
    }
  });

  it("answers unknown pages and malformed forms with a page, and refuses cross-site posts", async () => {
    const missing = await app.inject({ method: "GET", url: "/nowhere" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Page not found");

    const badForm = await app.inject({
      method: "POST",
      url: "/checkout",
      headers: form,
      payload: "productId=nope",
    });
    expect(badForm.statusCode).toBe(422);
    expect(badForm.body).toContain("Please choose a product");

    const crossSite = await app.inject({
      method: "POST",
      url: "/checkout",
      headers: { ...form, origin: "https://evil.example" },
      payload: "productId=cork-notebook",
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("sends a strict Content-Security-Policy with every page", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
  });
});
