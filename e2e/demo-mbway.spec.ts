import { expect, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations, serviceApi, unique } from "./support/demo-shop";

test("shop: pay by MB WAY and see the result verified by the server", async ({ page }, testInfo) => {
  await page.goto(`${DEMO_URL}/`);
  await page.getByLabel("Checkout language").selectOption("EN");
  await page.getByRole("button", { name: "Buy Cork notebook for €12.00" }).click();
  await expect(page.getByText("Test MB WAY phones")).toBeVisible();

  const checkout = sandboxCheckout(page);
  await expect(checkout.frame.getByRole("tab")).toHaveText(["Card", "MB WAY"]);
  await checkout.frame.getByRole("tab", { name: "MB WAY" }).click();
  await attachScreenshot(page, testInfo, "20-checkout-mbway");
  await expectNoAxeViolations(page, testInfo, "checkout-mbway");
  await checkout.payWithMbway("911111111");
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

  const checkout = sandboxCheckout(page);
  await expect(
    checkout.frame.getByText("Your MB WAY number will be saved for future payments."),
  ).toBeVisible();
  await expect(checkout.frame.getByRole("tab")).toHaveCount(0); // the checkout takes MB WAY only
  await checkout.payWithMbway("911111111");
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
