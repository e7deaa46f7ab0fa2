import { expect, test } from "@playwright/test";
import {
  DECLINED,
  fillCard,
  MASTERCARD_OK,
  MERCHANT_URL,
  merchantApi,
  openCheckout,
  VISA_OK,
} from "./support/card-checkout";

test("pays with 4242 and lands on the action URL with ?id=", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await fillCard(frame, { number: VISA_OK });
  await expect(frame.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(frame.getByText("Visa", { exact: true })).toBeVisible();
  await frame.getByRole("button", { name: "Pay €5.00" }).click();

  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  const url = new URL(page.url());
  expect(url.searchParams.get("id")).toBe(checkoutId);
  expect(url.searchParams.get("order")).toMatch(/^\d+$/); // the action URL's own query is kept
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Success");
  expect(status.result).toMatchObject({ brand: "Visa", last4Digits: "4242" });
});

test("a declined card shows an alert, and a retry with another card succeeds", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await fillCard(frame, { number: DECLINED });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();

  const alert = frame.getByRole("alert");
  await expect(alert).toContainText("declined");
  await expect(alert).toContainText("2");
  await expect(frame.getByLabel("Card number")).toBeFocused();
  expect(page.url()).toContain("/checkout");

  await frame.getByLabel("Card number").fill(MASTERCARD_OK);
  await expect(frame.getByText("Mastercard", { exact: true })).toBeVisible();
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Success");
  expect(status.attempts).toBe(2);
});

test("errors show on blur and on submit, and invalid data is never sent", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  const number = frame.getByLabel("Card number");
  await number.fill("4242 4242 4242 4241");
  await number.blur();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription(/Enter a valid card number\./);

  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await expect(frame.getByLabel("Cardholder name")).toBeFocused();
  await expect(frame.getByLabel("Cardholder name")).toHaveAttribute("aria-invalid", "true");
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.attempts).toBe(0);
});

test("a double click pays once", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await fillCard(frame, { number: DECLINED });
  await frame.getByRole("button", { name: "Pay €5.00" }).dblclick();
  await expect(frame.getByRole("alert")).toContainText("declined");
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.attempts).toBe(1);
});

test("three declines end the checkout and send the shopper to the action URL", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page);
  await fillCard(frame, { number: DECLINED });
  const pay = frame.getByRole("button", { name: "Pay €5.00" });
  await pay.click();
  await expect(frame.getByRole("alert")).toContainText("Attempts left: 2");
  await pay.click();
  await expect(frame.getByRole("alert")).toContainText("Attempts left: 1");
  await pay.click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails).toMatchObject({ state: "Declined", reason: "card_declined" });
});
