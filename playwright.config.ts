import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

// E2E_PORT_BASE moves the three servers, so that two checkouts of the repository can run the suite at once.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4110);
export const SERVICE_PORT = PORT_BASE;
export const MERCHANT_SITE_PORT = PORT_BASE + 1;
export const DEMO_PORT = PORT_BASE + 2;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    headless: true,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      ...(chromiumPath && { executablePath: chromiumPath }),
      args: chromiumArgs,
    },
  },
  webServer: [
    {
      // The payment service on "localhost"; merchant pages use 127.0.0.1, another origin.
      command: "node --import tsx e2e/support/start-service.ts",
      url: `http://localhost:${SERVICE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(SERVICE_PORT),
        PUBLIC_URL: `http://localhost:${SERVICE_PORT}`,
        DATABASE_URL: "file:test-results/e2e-db/sandbox.db",
        // debug: the per-request lines too, so that zz-secrets.spec.ts checks every line for card data.
        LOG_LEVEL: "debug",
        MBWAY_AUTO_APPROVE_MS: "1500",
        MBWAY_TIMEOUT_MS: "8000",
        EXPIRY_SWEEP_MS: "500",
        NOTIFY_POLL_MS: "100",
        NOTIFY_RETRY_DELAYS: "200,500,1000",
        DEMO_SHOP_URL: `http://127.0.0.1:${DEMO_PORT}`,
      },
    },
    {
      command: "node --import tsx e2e/support/merchant-site.ts",
      url: `http://127.0.0.1:${MERCHANT_SITE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(MERCHANT_SITE_PORT), SERVICE_URL: `http://localhost:${SERVICE_PORT}` },
    },
    {
      command: "node --import tsx demo-merchant/src/main.ts",
      url: `http://127.0.0.1:${DEMO_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        DEMO_PORT: String(DEMO_PORT),
        DEMO_PUBLIC_URL: `http://127.0.0.1:${DEMO_PORT}`,
        SERVICE_URL: `http://localhost:${SERVICE_PORT}`,
        DEMO_DATA_DIR: "test-results/e2e-demo",
      },
    },
  ],
});
