import { expect, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations, serviceApi } from "./support/demo-shop";
import { newCustomer, saveCard } from "./support/shopper-flows";

test("a customer buys with a saved card in one click", async ({ page }, testInfo) => {
  const customer = await newCustomer();
  await saveCard(customer, "4242424242424242");
  await page.goto(`${DEMO_URL}/customers/${customer}`);
  await page.getByRole("button", { name: /as this customer/ }).click();
  const checkout = sandboxCheckout(page);
  await expect(checkout.frame.getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();
  await expect(page.getByText("4000 0000 0000 3220")).toBeAttached(); // listed with the other test cards
  await attachScreenshot(page, testInfo, "30-saved-card-checkout");
  await expectNoAxeViolations(page, testInfo, "saved-card-checkout");
  // The merchant's testing helper drives the one-click payment by accessible names.
  await checkout.payWithSavedCard({ last4: "4242", cvc: "123" });
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
});

test("the shop offers Multibanco: a voucher, Continue, then paid by the bank network", async ({
  page,
}, testInfo) => {
  await page.goto(DEMO_URL);
  await page.getByRole("button", { name: /^Buy Azulejo tile/ }).click();
  const checkout = sandboxCheckout(page);
  const shown = await checkout.chooseMultibanco();
  await attachScreenshot(page, testInfo, "31-multibanco-voucher");
  await expectNoAxeViolations(page, testInfo, "multibanco-voucher");
  await checkout.frame.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waiting for your payment");

  const checkoutId = new URL(page.url()).searchParams.get("id") ?? "";
  const status = await serviceApi("GET", `/checkouts/${checkoutId}`);
  const { referenceDetails, amount } = await serviceApi("GET", `/payments/${status.paymentId}`);
  expect(shown).toEqual({
    entity: referenceDetails.entity,
    reference: referenceDetails.reference.replace(/(\d{3})(?=\d)/g, "$1 "),
    amount: "€18.50",
  });
  await serviceApi("POST", "/sandbox/multibanco/payments", { ...referenceDetails, amount });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(page.getByRole("definition").filter({ hasText: /^Multibanco$/ })).toBeVisible();
});

test("3-D Secure through the testing helper: fail once, then complete", async ({ page }) => {
  await page.goto(DEMO_URL);
  await page.getByRole("button", { name: /^Buy Azulejo tile/ }).click();
  const checkout = sandboxCheckout(page);
  await checkout.payWithCard({ number: "4000 0000 0000 3220" });
  await checkout.failAuthentication();
  await checkout.expectDeclined("Authentication failed");
  await checkout.payWithCard({ number: "4000 0000 0000 3220" });
  await checkout.completeAuthentication();
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
});
