import { expect, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations, serviceApi } from "./support/demo-shop";

test("shop: buy with the test card and see the result verified by the server", async ({ page }, testInfo) => {
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${DEMO_URL}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Little things from Portugal");
  await expect(page.getByRole("link", { name: "Shop" })).toHaveAttribute("aria-current", "page");
  await attachScreenshot(page, testInfo, "01-shop");
  await expectNoAxeViolations(page, testInfo, "shop");

  await page.getByLabel("Checkout language").selectOption("EN");
  await page.getByRole("button", { name: "Buy Cork notebook for €12.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/ord_/);
  await expect(page.locator("form.paymentWidgets")).toHaveAttribute("action", `${DEMO_URL}/result`);
  const scriptSrc = await page.locator("form.paymentWidgets + script").getAttribute("src");
  expect(scriptSrc).toMatch(/\/embed\/ck_[A-Za-z0-9]{20}\?page_layout=embed$/);

  const checkout = sandboxCheckout(page.locator("form.paymentWidgets"));
  // The shop listens to the checkout's events (see demo-merchant/src/public/checkout-events.js).
  await expect(page.getByRole("status").filter({ hasText: "The payment form is ready." })).toBeVisible();
  await expect(checkout.frame.getByRole("button", { name: "Pay €12.00" })).toBeVisible();
  await attachScreenshot(page, testInfo, "02-checkout");
  await expectNoAxeViolations(page, testInfo, "checkout");

  await checkout.payWithCard({ number: "4000 0000 0000 0002", holder: "Ana Silva" });
  await checkout.expectDeclined("the card was declined");
  await expect(page.getByRole("status").filter({ hasText: "Not paid" })).toContainText(
    "the card was declined",
  );
  await checkout.payWithCard({ number: "4242 4242 4242 4242", holder: "Ana Silva" });
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByText("€12.00")).toBeVisible();
  await expect(page.getByText("Confirmed with the payment service.")).toBeVisible();
  await attachScreenshot(page, testInfo, "03-result-success");
  await expectNoAxeViolations(page, testInfo, "result");
  expect(cspViolations, "the pages run under the shop's strict CSP").toEqual([]);
});

test("shop: the chosen language goes to the checkout", async ({ page }) => {
  await page.goto(`${DEMO_URL}/`);
  await page.getByLabel("Checkout language").selectOption("PT");
  await page.getByRole("button", { name: "Buy Tin of sardines for €4.50" }).click();
  const src = (await page.locator("form.paymentWidgets + script").getAttribute("src")) ?? "";
  const checkoutId = /\/embed\/(ck_[A-Za-z0-9]+)/.exec(src)?.[1];
  const checkout = await serviceApi("GET", `/checkouts/${checkoutId}`);
  expect(checkout).toMatchObject({ language: "PT", amount: 450, paymentMethods: ["CC", "MW"] });
});

test("result: a tampered, foreign or missing id shows failure", async ({ page }, testInfo) => {
  // A checkout that exists at the service but was not created by this shop.
  const foreign = await serviceApi("POST", "/checkouts", {
    payment: { amount: 1200 },
    page: { layout: "embed" },
    redirects: [{ type: "action", url: `${DEMO_URL}/result` }],
  });
  for (const query of [`?id=${foreign.id}`, "?id=ck_AAAAAAAAAAAAAAAAAAAA", "?id=not-an-id", ""]) {
    await page.goto(`${DEMO_URL}/result${query}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment not confirmed");
    await expect(page.getByText("Payment successful")).toHaveCount(0);
  }
  await attachScreenshot(page, testInfo, "04-result-tampered");
  await expectNoAxeViolations(page, testInfo, "result-failure");
});

test("friendly pages for unknown addresses, never a stack trace", async ({ page }, testInfo) => {
  const response = await page.goto(`${DEMO_URL}/checkout/ord_does_not_exist`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.locator("body")).not.toContainText("Error:");
  await attachScreenshot(page, testInfo, "05-not-found");
  await expectNoAxeViolations(page, testInfo, "not-found");
});

test("keyboard: the skip link moves focus to the content", async ({ page }) => {
  await page.goto(`${DEMO_URL}/`);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("responsive: the shop on a phone-sized screen, no sideways scrolling", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${DEMO_URL}/`);
  await expect(page.getByRole("button", { name: "Buy Azulejo tile for €18.50" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await attachScreenshot(page, testInfo, "06-shop-phone");
  await expectNoAxeViolations(page, testInfo, "shop-phone");
});
