import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { merchantApi } from "./support/card-checkout";
import { idsOf, newCustomer, openMerchantPage, saveCard } from "./support/shopper-flows";

const yy = "34";

test("the card tab opens on the customer's saved cards; one pays with its security code alone", async ({
  page,
}) => {
  const customer = await newCustomer();
  const visa = await saveCard(customer, "4242424242424242");
  await saveCard(customer, "5555555555554444", "2033");
  const frame = await openMerchantPage(page, `customer=${customer}&amount=1250`);

  const list = frame.getByRole("group", { name: "Saved cards" });
  await expect(list).toBeVisible();
  const first = list.getByRole("radio", { name: `Visa •••• 4242 Expires 12/${yy}` });
  await expect(first).toBeChecked();
  await expect(list.getByRole("radio", { name: "Mastercard •••• 4444 Expires 12/33" })).not.toBeChecked();
  await expect(frame.getByLabel("Card number")).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/saved-cards.png" });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const { checkoutId, paymentId } = await idsOf(page);
  await frame.getByLabel("Security code").fill("123");
  await frame.getByRole("button", { name: "Pay €12.50" }).click();
  await expect(page).toHaveURL(new RegExp(`/result\\?order=\\d+&id=${checkoutId}$`));
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails).toMatchObject({ state: "Success", registrationId: visa });
  expect((await merchantApi(`/payments/${paymentId}`)).stateDetails.registrationId).toBe(visa);
});

test("keyboard: choose another saved card with the arrows, switch to a new card and back", async ({
  page,
}) => {
  const customer = await newCustomer();
  await saveCard(customer, "4242424242424242");
  const mastercard = await saveCard(customer, "5555555555554444");
  const frame = await openMerchantPage(page, `customer=${customer}`);
  const visaRadio = frame.getByRole("radio", { name: /Visa/ });
  await visaRadio.focus();
  await page.keyboard.press("ArrowDown");
  await expect(frame.getByRole("radio", { name: /Mastercard/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(frame.getByLabel("Security code")).toBeFocused();
  await page.keyboard.type("321");

  // "Use another card" shows the ordinary form; the list is one click away again.
  await frame.getByRole("button", { name: "Use another card" }).click();
  await expect(frame.getByLabel("Card number")).toBeVisible();
  await expect(frame.getByRole("group", { name: "Saved cards" })).toHaveCount(0);
  await expect(frame.getByRole("button", { name: "Use a saved card" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(frame.getByRole("group", { name: "Saved cards" })).toBeVisible();

  const { checkoutId } = await idsOf(page);
  await frame.getByRole("radio", { name: /Mastercard/ }).check();
  await frame.getByLabel("Security code").fill("321");
  await frame.getByLabel("Security code").press("Enter");
  await expect(page).toHaveURL(/\/result\?/);
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.registrationId).toBe(mastercard);
});

test("a missing or short security code is named at the field; 0341 saved is declined with attempts left", async ({
  page,
}) => {
  const customer = await newCustomer();
  await saveCard(customer, "4000000000000341");
  const frame = await openMerchantPage(page, `customer=${customer}`);
  const pay = frame.getByRole("button", { name: /^Pay/ });
  await pay.click();
  const cvc = frame.getByLabel("Security code");
  await expect(cvc).toBeFocused();
  await expect(cvc).toHaveAttribute("aria-invalid", "true");
  await cvc.fill("12");
  await pay.click();
  await expect(frame.getByText("3 digits", { exact: false }).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await cvc.fill("123");
  await pay.click();
  await expect(frame.getByRole("alert")).toHaveText(/card was declined.*Attempts left: 2/);
  await expect(cvc).toHaveValue("");
});

test("a checkout without a customer shows the ordinary card form", async ({ page }) => {
  const frame = await openMerchantPage(page, "method=CC");
  await expect(frame.getByLabel("Card number")).toBeVisible();
  await expect(frame.getByRole("group", { name: "Saved cards" })).toHaveCount(0);
});

test("Portuguese texts", async ({ page }) => {
  const customer = await newCustomer();
  await saveCard(customer, "4242424242424242");
  const frame = await openMerchantPage(page, `customer=${customer}&lang=PT`);
  await expect(frame.getByRole("group", { name: "Cartões guardados" })).toBeVisible();
  await expect(frame.getByLabel("Código de segurança")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Usar outro cartão" })).toBeVisible();
});
