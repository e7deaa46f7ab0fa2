import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { startTestService, type TestService } from "../../mock-service/test/helpers";
import { buildShopApp } from "../src/app";
import { loadDemoConfig } from "../src/config";
import { LiveUpdates } from "../src/live-updates";
import { createPaymentsClient } from "../src/payments-client";
import { ShopRecords } from "../src/store/records";

export interface ShopWithService {
  service: TestService;
  /** The shop's app (Fastify inject), talking to `service` over real HTTP. */
  app: FastifyInstance;
  stop(): Promise<void>;
}

/** The demo shop's app against a payment service of its own (no workers), with a fresh data folder. */
export async function startShopWithService(): Promise<ShopWithService> {
  const service = await startTestService({}, { workers: false });
  const dir = mkdtempSync(join(tmpdir(), "demo-shop-"));
  const config = loadDemoConfig({
    DEMO_DATA_DIR: dir,
    DEMO_LOG_LEVEL: "silent",
    DEMO_PUBLIC_URL: "http://shop.test",
    SERVICE_URL: service.baseUrl,
  });
  const app = await buildShopApp({
    config,
    client: createPaymentsClient({ baseUrl: config.serviceUrl, apiKey: config.apiKey }),
    records: new ShopRecords(dir),
    live: new LiveUpdates(),
    webhookSecret: () => "whsec_x",
  });
  return {
    service,
    app,
    async stop() {
      await app.close();
      await service.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
