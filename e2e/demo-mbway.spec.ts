import { expect, test } from "@playwright/test";
import {
  attachScreenshot,
  checkoutFrame,
  DEMO_URL,
  expectNoAxeViolations,
  serviceApi,
  unique,
} from "./support/demo-shop";

test("shop: pay by MB WAY and see the result verified by the server", async ({ page }, testInfo) => {
  await page.goto(`${DEMO_URL}/`);
  await page.getByLabel("Checkout language").selectOption("EN");
  await page.getByRole("button", { name: "Buy Cork notebook for €12.00" }).click();
  await expect(page.getByText("Test MB WAY phones")).toBeVisible();

  const frame = await checkoutFrame(page);
  await expect(frame.getByRole("tab")).toHaveText(["Card", "MB WAY", "Multibanco"]);
  await frame.getByRole("tab", { name: "MB WAY" }).click();
  await frame.getByLabel("Phone number").fill("911111111");
  await attachScreenshot(page, testInfo, "20-checkout-mbway");
  await expectNoAxeViolations(page, testInfo, "checkout-mbway");
  await frame.getByRole("button", { name: "Pay €12.00" }).click();
  await expect(frame.getByRole("heading", { name: "Approve the payment in MB WAY" })).toBeVisible();
  await attachScreenshot(page, testInfo, "21-checkout-mbway-waiting");

  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(page.getByText("MB WAY ending in 111")).toBeVisible();
  await expect(page.getByText("Confirmed with the payment service.")).toBeVisible();
  await attachScreenshot(page, testInfo, "22-result-mbway");
});

test("customers: save an MB WAY number and see it among the stored methods", async ({ page }, testInfo) => {
  const customer = await serviceApi("POST", "/customers", { customerId: `MW-${unique()}`, firstName: "Rui" });
  await page.goto(`${DEMO_URL}/customers/${customer.uuid}`);
  await page.getByRole("button", { name: "Save an MB WAY number" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save an MB WAY number");

  const frame = await checkoutFrame(page);
  await expect(frame.getByRole("tab")).toHaveCount(0); // the checkout takes MB WAY only
  await expect(frame.getByText("Your MB WAY number will be saved for future payments.")).toBeVisible();
  await frame.getByLabel("Phone number").fill("911111111");
  await frame.getByRole("button", { name: "Pay €1.00" }).click();
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("MB WAY number saved");

  await page.getByRole("link", { name: "Back to the customer" }).click();
  const stored = page.getByRole("listitem").filter({ hasText: "MB WAY +351 ••• ••• 111" });
  await expect(stored).toBeVisible();
  await page.getByLabel("Show").selectOption("MW");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(stored).toBeVisible();
  await attachScreenshot(page, testInfo, "23-customer-with-mbway");
  await expectNoAxeViolations(page, testInfo, "customer-mbway");
});
