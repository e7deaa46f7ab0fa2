import { expect, test } from "@playwright/test";
import { fillCard, MERCHANT_URL, openCheckout, VISA_OK } from "./support/card-checkout";

test("an unknown checkout shows a clear message instead of the form", async ({ page }) => {
  await page.goto(`${MERCHANT_URL}/unknown`);
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(frame.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
  await expect(frame.getByRole("textbox")).toHaveCount(0);
});

test("an already paid checkout says so instead of showing the form", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await fillCard(frame, { number: VISA_OK });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);

  await page.goto(`${MERCHANT_URL}/existing?id=${checkoutId}`);
  const again = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(again.getByRole("heading", { name: "Already paid" })).toBeVisible();
  await expect(again.getByRole("textbox")).toHaveCount(0);
});
