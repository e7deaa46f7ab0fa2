import { expect, test } from "@playwright/test";
import { DECLINES, openMbway, payByPhone, WAITS } from "./support/mbway-checkout";

test("the Portuguese MB WAY form: tabs, labels, amount, await screen and decline", async ({ page }) => {
  const { frame } = await openMbway(page, "lang=PT&method=any");
  await expect(frame.locator("html")).toHaveAttribute("lang", "pt");
  await expect(frame.getByRole("tablist", { name: "Método de pagamento" })).toBeVisible();
  await expect(frame.getByRole("tab")).toHaveText(["Cartão", "MB WAY", "Multibanco"]);
  await frame.getByRole("tab", { name: "MB WAY" }).click();

  await expect(frame.getByText("Número de telemóvel", { exact: true })).toBeVisible();
  await expect(frame.getByLabel("Indicativo do país")).toHaveValue("351");
  await expect(frame.getByRole("button", { name: "Pagar 5,00 €" })).toBeVisible();

  await payByPhone(frame, WAITS, "Número de telemóvel");
  await expect(frame.getByRole("heading", { name: "Aprove o pagamento na app MB WAY" })).toBeVisible();
  await expect(frame.getByRole("timer")).toHaveText(/Tempo restante para aprovar: \d:\d\d/);
  await frame.getByRole("button", { name: "Cancelar" }).click();

  await payByPhone(frame, DECLINES, "Número de telemóvel");
  await expect(frame.getByRole("alert")).toContainText("Pagamento recusado na app MB WAY.", {
    timeout: 10_000,
  });
  await expect(frame.getByRole("alert")).toContainText("Tentativas restantes: 2.");
});
