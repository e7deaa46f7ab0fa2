import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { fillCard, MERCHANT_URL, openCheckout, VISA_OK } from "./support/card-checkout";

/** CSP violations seen by the page and by its frames (the init script runs in every frame). */
async function violations(page: Page): Promise<string[]> {
  const all: string[] = [];
  for (const frame of page.frames()) {
    all.push(...(await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
  }
  return all;
}

test("the strict-CSP merchant page works without a single violation", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${location.origin}: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const response = await page.goto(`${MERCHANT_URL}/checkout?csp=strict`);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await page.goto("about:blank");
  const { frame, checkoutId } = await openCheckout(page, "csp=strict");
  // The loader sized the iframe through the CSSOM, which the merchant CSP allows.
  const height = await page
    .locator("form.paymentWidgets iframe")
    .evaluate((el) => (el as HTMLElement).style.height);
  expect(height).not.toBe("360px");
  await fillCard(frame, { number: VISA_OK });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  expect(consoleErrors).toEqual([]);
});

test("the frame page carries its own strict CSP", async ({ request }) => {
  const { SERVICE_URL } = await import("./support/card-checkout");
  const page = await request.get(`${MERCHANT_URL}/checkout`);
  const checkoutId = /class="checkout-id">(ck_\w+)</.exec(await page.text())?.[1];
  const frame = await request.get(`${SERVICE_URL}/checkout-frame/${checkoutId}`);
  const csp = frame.headers()["content-security-policy"] ?? "";
  for (const directive of [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    `frame-ancestors ${MERCHANT_URL}`,
  ]) {
    expect(csp).toContain(directive);
  }
  expect(frame.headers()["x-frame-options"]).toBeUndefined();
  const html = await frame.text();
  // Scripts: the entry, inline and allowed by its hash, plus the checkout's and catalog's data as
  // non-executed JSON blocks. Styles: inline, each allowed by its hash; never a style attribute.
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const dataBlocks = /<script type="application\/json" id="(checkout|catalog)-data">[^<]*<\/script>/g;
  const executed = [...html.replace(dataBlocks, "").matchAll(/<script([^>]*)>([^]*?)<\/script>/g)];
  expect(executed).toHaveLength(1);
  for (const [, attributes, text] of executed) {
    expect(attributes).toBe(' type="module"');
    expect(csp).toContain(sha(text as string));
  }
  const styles = [...html.matchAll(/<style>([^]*?)<\/style>/g)];
  expect(styles.length).toBeGreaterThan(0);
  for (const [, text] of styles) expect(csp).toContain(sha(text as string));
  expect(csp).not.toContain("unsafe");
  expect(html).toContain('<script type="application/json" id="checkout-data">');
  expect(html).toContain('<script type="application/json" id="catalog-data">');
  expect(html).not.toContain("style=");

  // The catalogs of other languages stay files, loaded on demand and cached for good.
  const chunk = /import\(`(\/widget\/assets\/[^`]+\.js)`\)/.exec(html)?.[1];
  const js = await request.get(`${SERVICE_URL}${chunk}`);
  expect(js.headers()["content-type"]).toContain("text/javascript");
  expect(js.headers()["cache-control"]).toContain("immutable");
});
