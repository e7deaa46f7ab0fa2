import { expect, test } from "@playwright/test";
import { fillCard, MASTERCARD_OK, MERCHANT_URL, merchantApi, openCheckout } from "./support/card-checkout";

test("a tokenization checkout stores the card in the customer's payment methods", async ({ page }) => {
  const { frame, checkoutId } = await openCheckout(page, "tokenize=1");
  const customerUuid = (await page.locator("#customer-uuid").textContent()) ?? "";
  await expect(frame.getByText("Your card will be saved for future payments.")).toBeVisible();
  expect(await merchantApi(`/customers/${customerUuid}/paymentMethods`)).toEqual([]);

  await fillCard(frame, { holder: "Ada Lovelace", number: MASTERCARD_OK, expiry: "07/30", cvc: "737" });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);

  const methods = await merchantApi(`/customers/${customerUuid}/paymentMethods`);
  expect(methods).toHaveLength(1);
  expect(methods[0]).toMatchObject({
    code: "CC",
    brand: "Mastercard",
    last4Digits: "4444",
    holder: "Ada Lovelace",
    expiryMonth: "07",
    expiryYear: "2030",
  });
  expect(methods[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
  // Neither the number nor the security code is ever returned.
  const everything = JSON.stringify([methods, await merchantApi(`/checkouts/${checkoutId}`)]);
  expect(everything).not.toContain(MASTERCARD_OK);
  expect(everything).not.toContain("737");
});
