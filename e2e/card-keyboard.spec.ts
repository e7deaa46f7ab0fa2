import { expect, test } from "@playwright/test";
import { futureExpiry, MERCHANT_URL, openCheckout } from "./support/card-checkout";

test("a shopper pays with the keyboard alone", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await page.keyboard.press("Tab");
  await expect(frame.getByLabel("Cardholder name")).toBeFocused();
  await page.keyboard.type("Grace Hopper");
  await page.keyboard.press("Tab");
  await expect(frame.getByLabel("Card number")).toBeFocused();
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type(futureExpiry().replace("/", ""));
  await page.keyboard.press("Tab");
  await expect(frame.getByLabel("Security code")).toBeFocused();
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(frame.getByRole("button", { name: "Pay €5.00" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
});

test("on submit the focus goes to the first invalid field", async ({ page }) => {
  const { frame } = await openCheckout(page);
  await frame.getByLabel("Cardholder name").fill("Grace Hopper");
  await frame.getByLabel("Card number").fill("4242424242424242");
  await frame.getByLabel("Card number").press("Enter");
  const expiry = frame.getByLabel("Expiry date");
  await expect(expiry).toBeFocused();
  await expect(expiry).toHaveAttribute("aria-invalid", "true");
  await expect(expiry).toHaveAccessibleDescription(/Enter the expiry date/);
});
