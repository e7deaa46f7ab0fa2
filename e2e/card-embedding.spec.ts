import { expect, test } from "@playwright/test";
import { fillCard, MERCHANT_URL, openCheckout, VISA_OK } from "./support/card-checkout";

for (const script of ["body", "body-async", "body-defer", "head", "head-async", "head-defer"]) {
  test(`the script mounts one frame in its form (${script})`, async ({ page }) => {
    await openCheckout(page, `script=${script}`);
    await expect(page.locator("form.paymentWidgets iframe")).toHaveCount(1);
  });
}

test("two forms on a page each get their own checkout", async ({ page }) => {
  await page.goto(`${MERCHANT_URL}/checkout?forms=2`);
  const ids = await page.locator(".checkout-id").allTextContents();
  expect(ids).toHaveLength(2);
  const forms = page.locator("form.paymentWidgets");
  for (let i = 0; i < 2; i++) {
    await expect(forms.nth(i).locator("iframe")).toHaveCount(1);
    await expect(forms.nth(i).locator("iframe")).toHaveAttribute(
      "src",
      new RegExp(`/checkout-frame/${ids[i]}#`),
    );
    await expect(forms.nth(i)).toHaveAttribute("data-checkout-id", ids[i] ?? "");
  }

  const { frame } = await openCheckout(page, "forms=2", 1);
  const secondId = (await page.locator(".checkout-id").nth(1).textContent()) ?? "";
  await fillCard(frame, { number: VISA_OK });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(secondId);
});

test("the iframe follows its content's height", async ({ page }) => {
  const { frame } = await openCheckout(page);
  const iframe = page.locator("form.paymentWidgets iframe");
  const before = (await iframe.boundingBox())?.height ?? 0;
  await frame.getByRole("button", { name: "Pay €5.00" }).click(); // four error messages appear
  await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(before);
  const inner = await frame.locator("html").evaluate((html) => html.getBoundingClientRect().height);
  expect(Math.abs(((await iframe.boundingBox())?.height ?? 0) - inner)).toBeLessThanOrEqual(1);
});
