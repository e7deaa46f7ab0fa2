import { expect, test } from "@playwright/test";
import { DECLINED, fillCard, MERCHANT_URL, openCheckout, VISA_OK } from "./support/card-checkout";

const PORTUGUESE_LABELS = {
  holder: "Nome do titular",
  number: "Número do cartão",
  expiry: "Data de validade",
  cvc: "Código de segurança",
};

test("the Portuguese form: labels, amount, decline and payment", async ({ page }) => {
  const { frame } = await openCheckout(page, "lang=PT");
  for (const label of Object.values(PORTUGUESE_LABELS)) {
    await expect(frame.getByText(label, { exact: true })).toBeVisible();
  }
  const pay = frame.getByRole("button", { name: "Pagar 5,00 €" });
  await expect(pay).toBeVisible();
  await expect(frame.locator("html")).toHaveAttribute("lang", "pt");

  await fillCard(frame, { number: DECLINED }, PORTUGUESE_LABELS);
  await pay.click();
  await expect(frame.getByRole("alert")).toContainText("Pagamento recusado");

  await frame.getByLabel(PORTUGUESE_LABELS.number).fill(VISA_OK);
  await pay.click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
});
