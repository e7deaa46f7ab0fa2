import { expect, test } from "@playwright/test";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations } from "./support/demo-shop";

test("multibanco: generate a reference, simulate the ATM payment, watch it turn paid without a reload", async ({
  page,
}, testInfo) => {
  await page.goto(`${DEMO_URL}/multibanco`);
  await attachScreenshot(page, testInfo, "21-multibanco");
  await expectNoAxeViolations(page, testInfo, "multibanco");

  await page.getByLabel("Amount in euros").fill("12,50");
  await page.getByLabel("Valid for").selectOption("1d");
  await page.getByRole("button", { name: "Generate reference" }).click();

  await expect(page).toHaveURL(/\/multibanco\/pay_/);
  const paymentId = /pay_[A-Za-z0-9]+/.exec(page.url())?.[0] ?? "";
  const voucher = page.getByRole("region", { name: "Payment details" });
  await expect(voucher.getByText(/^\d{5}$/)).toBeVisible(); // entity
  await expect(voucher.getByText(/^\d{3} \d{3} \d{3}$/)).toBeVisible(); // reference, grouped
  await expect(voucher.getByText("€12.50")).toBeVisible();
  await expect(voucher.getByText(/\(Lisbon\)$/)).toBeVisible();
  const status = page.getByRole("status");
  await expect(status).toContainText("Waiting for payment");
  await attachScreenshot(page, testInfo, "22-voucher-pending");
  await expectNoAxeViolations(page, testInfo, "voucher");

  // Anything kept on the window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await page.getByRole("button", { name: "Simulate ATM payment" }).click();
  await expect(status).toContainText("Paid", { timeout: 10_000 });
  await expect(status).toContainText("Paid on");
  await expect(page.getByRole("button", { name: "Simulate ATM payment" })).toBeHidden();
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await attachScreenshot(page, testInfo, "23-voucher-paid");

  await page.getByRole("link", { name: "See the notifications received" }).click();
  const rows = page.getByRole("row").filter({ hasText: paymentId });
  await expect(rows.filter({ hasText: "Webhook" }).first()).toContainText("Valid");
  await expect(rows.filter({ hasText: "Callback URL" }).first()).toContainText("Valid");
  await attachScreenshot(page, testInfo, "31-notifications");
  await expectNoAxeViolations(page, testInfo, "notifications");
});

test("multibanco: an amount that is not one is refused with a message", async ({ page }) => {
  await page.goto(`${DEMO_URL}/multibanco`);
  await page.getByLabel("Amount in euros").fill("twelve");
  await page.getByRole("button", { name: "Generate reference" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter an amount in euros");
  await expect(page.getByLabel("Amount in euros")).toHaveAttribute("aria-invalid", "true");
});
