// Helpers for the demo shop specs (e2e/demo-*.spec.ts).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PORT, SERVICE_PORT } from "../../playwright.config";

export const DEMO_URL = process.env.E2E_DEMO_URL ?? `http://127.0.0.1:${DEMO_PORT}`;
export const SERVICE_URL = process.env.E2E_SERVICE_URL ?? `http://localhost:${SERVICE_PORT}`;
const API_KEY = "sk_test_sandbox";

/** Screenshots are attached to the report and also kept here, one file per page. */
export const SCREENSHOT_DIR = "test-results/demo-screenshots";

export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** axe-core on the whole page, the checkout frame included. */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  if (results.violations.length > 0) {
    await testInfo.attach(`axe-${name}.json`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${name}`,
  ).toEqual([]);
}

/** The merchant API with the sandbox key, for setting up data the way the shop's server would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e responses are inspected freely
export async function serviceApi(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${SERVICE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${API_KEY}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return ((await response.json()) as { data: unknown }).data;
}

/** A suffix that keeps customer numbers unique across runs against the same service. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
