// The frame's language: the merchant's `page.language` when given, else the first of the shopper's
// browser languages that the checkout speaks (the service reads Accept-Language), else English.
import { expect, test } from "@playwright/test";
import { MERCHANT_URL, openCheckout, SERVICE_URL } from "./support/card-checkout";

test.describe("a browser that prefers pt-BR", () => {
  test.use({ locale: "pt-BR" });

  test("without page.language, the frame speaks Portuguese from its first render", async ({ page }) => {
    const { frame, checkoutId } = await openCheckout(page, "lang=none");
    await expect(frame.getByLabel("Nome do titular")).toBeVisible();
    await expect(frame.getByRole("button", { name: /^Pagar 5,00/ })).toBeVisible();
    await expect(frame.locator("html")).toHaveAttribute("lang", "pt");
    // The page itself was served in Portuguese: no English render came first.
    const html = await (
      await page.request.get(`${SERVICE_URL}/checkout-frame/${checkoutId}`, {
        headers: { "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" },
      })
    ).text();
    expect(html).toContain('<html lang="pt">');
  });

  test("without page.language, a choice of card and MB WAY is in Portuguese too", async ({ page }) => {
    await page.goto(`${MERCHANT_URL}/checkout?lang=none&method=any`);
    const frame = page.locator("form.paymentWidgets iframe").contentFrame();
    await expect(frame.getByRole("tab", { name: "Cartão" })).toBeVisible();
    await frame.getByRole("tab", { name: "MB WAY" }).click();
    await expect(frame.getByLabel("Número de telemóvel")).toBeVisible();
  });

  test("the merchant's page.language wins over the browser's", async ({ page }) => {
    const { frame } = await openCheckout(page, "lang=FR");
    await expect(frame.getByLabel("Nom du titulaire")).toBeVisible();
    await expect(frame.locator("html")).toHaveAttribute("lang", "fr");
  });
});

test.describe("a browser that prefers only languages the checkout does not speak", () => {
  test.use({ locale: "ja-JP" });

  test("without page.language, the frame speaks English", async ({ page }) => {
    const { frame } = await openCheckout(page, "lang=none");
    await expect(frame.getByLabel("Cardholder name")).toBeVisible();
    await expect(frame.locator("html")).toHaveAttribute("lang", "en");
  });
});
