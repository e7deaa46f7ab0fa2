// Helpers for the dashboard specs (e2e/dashboard-*.spec.ts).
import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { SERVICE_URL } from "./demo-shop";

export const DASHBOARD_URL = `${SERVICE_URL}/dashboard`;

/** Signs in through the form, with the keyboard only. */
export async function signInToDashboard(page: Page, apiKey: string): Promise<void> {
  await page.goto(DASHBOARD_URL);
  const field = page.getByLabel(/^(API key|Chave de API)$/);
  await expect(field).toBeVisible();
  await field.focus();
  await page.keyboard.type(apiKey);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: /Dashboard sections|Secções do painel/ })).toBeVisible();
}

/** A second merchant, made with the administration CLI against the e2e service's database. */
export function createOtherMerchant(name: string): { apiKey: string } {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "mock-service/src/cli/merchant.ts", "create", "--name", name, "--json"],
    {
      env: { ...process.env, DATABASE_URL: "file:test-results/e2e-db/sandbox.db", LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );
  return JSON.parse(out) as { apiKey: string };
}

/** Marks the page; `expectSamePage` then proves that no reload happened in between. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { dashboardNotReloaded: true }));
}

export async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { dashboardNotReloaded?: boolean }).dashboardNotReloaded)).toBe(
    true,
  );
}
