import { expect, test } from "@playwright/test";
import { MERCHANT_URL, merchantApi } from "./support/card-checkout";
import { APPROVES, openMbway, payByPhone } from "./support/mbway-checkout";

test("an approved MB WAY tokenization checkout stores an MW method for the customer", async ({ page }) => {
  const { frame, checkoutId } = await openMbway(page, "method=MW&tokenize=1");
  const customerUuid = (await page.locator("#customer-uuid").textContent()) ?? "";
  await expect(frame.getByText("Your MB WAY number will be saved for future payments.")).toBeVisible();
  expect(await merchantApi(`/customers/${customerUuid}/paymentMethods`)).toEqual([]);

  await payByPhone(frame, APPROVES);
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);

  const methods = await merchantApi(`/customers/${customerUuid}/paymentMethods`);
  expect(methods).toEqual([
    { code: "MW", uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), countryCode: "351", last3Digits: "111" },
  ]);
  expect(await merchantApi(`/customers/${customerUuid}/paymentMethods?type=MW`)).toEqual(methods);
  expect(await merchantApi(`/customers/${customerUuid}/paymentMethods?type=CC`)).toEqual([]);
  // The full number is never answered.
  const everything = JSON.stringify([methods, await merchantApi(`/checkouts/${checkoutId}`)]);
  expect(everything).not.toContain(APPROVES);
});
