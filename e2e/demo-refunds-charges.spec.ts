import { expect, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import {
  attachScreenshot,
  DEMO_URL,
  expectNoAxeViolations,
  SERVICE_URL,
  serviceApi,
  unique,
} from "./support/demo-shop";

test("order: refund part of a paid order from its payment page, by keyboard", async ({ page }, testInfo) => {
  await page.goto(`${DEMO_URL}/`);
  await page.getByLabel("Checkout language").selectOption("EN");
  await page.getByRole("button", { name: "Buy Cork notebook for €12.00" }).click();
  await sandboxCheckout(page).payWithCard({ number: "4242 4242 4242 4242", holder: "Ana Silva" });
  await page.waitForURL(`${DEMO_URL}/result?id=*`);

  const refundsLink = page.getByRole("link", { name: "Refunds" });
  await refundsLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payments\/pay_/);
  await expect(page.getByText("Leave empty to refund all that remains (€12.00).")).toBeVisible();
  await expectNoAxeViolations(page, testInfo, "payment");

  await page.getByLabel("Amount in euros").fill("5");
  await page.getByLabel("Reason (optional)").fill("a corner was bent");
  await page.getByLabel("Reason (optional)").press("Enter");
  await expect(page.getByRole("status")).toHaveText("Refund made.");
  await expect(page.getByRole("listitem").filter({ hasText: "a corner was bent" })).toContainText("€5.00");
  await expect(page.getByText("Leave empty to refund all that remains (€7.00).")).toBeVisible();
  await attachScreenshot(page, testInfo, "30-payment-refunded");

  await page.getByLabel("Amount in euros").fill("8");
  await page.getByRole("button", { name: "Refund" }).press("Enter");
  const amount = page.getByLabel("Amount in euros");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/That is more than remains to refund \(€7\.00\)\./);
  await attachScreenshot(page, testInfo, "31-payment-refund-too-much");
  await expectNoAxeViolations(page, testInfo, "payment-error");
});

test("customer: Charge again charges the saved card without the shopper", async ({ page }, testInfo) => {
  const customer = await serviceApi("POST", "/customers", { customerId: `E2E-CHG-${unique()}` });
  const checkout = await serviceApi("POST", "/checkouts", {
    payment: {
      amount: 100,
      customer: { uuid: customer.uuid },
      paymentMethod: { code: "CC", details: { createRegistration: true } },
    },
    page: { layout: "embed" },
    redirects: [{ type: "action", url: `${DEMO_URL}/result` }],
  });
  const paid = await fetch(`${SERVICE_URL}/frame-api/checkouts/${checkout.id}/card-payments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      holder: "Ana Silva",
      number: "4242424242424242",
      expiryMonth: "12",
      expiryYear: String(new Date().getUTCFullYear() + 2),
      cvc: "123",
    }),
  });
  expect(paid.status).toBe(200);

  await page.goto(`${DEMO_URL}/customers/${customer.uuid}`);
  const charge = page.getByRole("button", { name: "Charge again Visa ending in 4242" });
  await expect(charge).toBeVisible();
  await expectNoAxeViolations(page, testInfo, "customer-charge-again");
  await attachScreenshot(page, testInfo, "32-customer-charge-again");
  await page.getByRole("textbox", { name: "Amount in euros for Visa ending in 4242" }).fill("9.90");
  await charge.focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/payments\/pay_\w+\?msg=confirmed$/);
  await expect(page.getByRole("status")).toHaveText("The saved method was charged.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment for a repeat charge of €9.90");
  await attachScreenshot(page, testInfo, "33-charged");
  await expectNoAxeViolations(page, testInfo, "charged");
});
