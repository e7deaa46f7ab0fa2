import AxeBuilder from "@axe-core/playwright";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { MERCHANT_URL, merchantApi } from "./support/card-checkout";
import { idsOf, openMerchantPage, sandbox } from "./support/shopper-flows";

async function openVoucher(page: Page, query = "method=MB&amount=2590") {
  const frame = await openMerchantPage(page, query);
  await frame.getByRole("button", { name: "Get the Multibanco reference" }).click();
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toBeFocused();
  return frame;
}

const valueOf = (frame: FrameLocator, label: string) =>
  frame.locator(".voucher-row", { has: frame.getByText(label, { exact: true }) }).locator(".voucher-value");

test("the Multibanco tab shows the checkout's voucher: entity, grouped reference, amount, deadline", async ({
  page,
}) => {
  const frame = await openMerchantPage(page, "method=MB&amount=2590");
  await expect(frame.getByText("Pay at a Multibanco ATM", { exact: false })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await frame.getByRole("button", { name: "Get the Multibanco reference" }).click();
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toBeFocused();

  const { checkoutId, paymentId } = await idsOf(page);
  const payment = await merchantApi(`/payments/${paymentId}`);
  expect(payment.stateDetails.state).toBe("pending");
  const { entity, reference } = payment.referenceDetails;
  await expect(valueOf(frame, "Entity")).toHaveText(entity);
  await expect(valueOf(frame, "Reference")).toHaveText(reference.replace(/(\d{3})(?=\d)/g, "$1 "));
  await expect(valueOf(frame, "Amount")).toHaveText("€25.90");
  await expect(valueOf(frame, "Pay by")).toHaveText(/\d{4}/);
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Pending");
  await page.screenshot({ path: "test-results/screens/multibanco-voucher.png" });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Reloading shows the same voucher, never a second reference.
  await page.goto(`${MERCHANT_URL}/existing?id=${checkoutId}`);
  const again = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(valueOf(again, "Reference")).toHaveText(reference.replace(/(\d{3})(?=\d)/g, "$1 "));
  expect((await merchantApi(`/payments/${paymentId}`)).referenceDetails.reference).toBe(reference);
});

test("copy buttons copy each value and announce Copied; keyboard reaches every button", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const frame = await openVoucher(page);
  const { paymentId } = await idsOf(page);
  const { entity, reference } = (await merchantApi(`/payments/${paymentId}`)).referenceDetails;

  await page.keyboard.press("Tab");
  await expect(frame.getByRole("button", { name: "Copy Entity" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(frame.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(entity);

  await page.keyboard.press("Tab");
  await expect(frame.getByRole("button", { name: "Copy Reference" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(frame.getByRole("status")).toHaveText(/^Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  await frame.getByRole("button", { name: "Copy Amount" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("25.90");
  await page.keyboard.press("Tab");
  await expect(frame.getByRole("button", { name: "Print" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(frame.getByRole("button", { name: "Continue" })).toBeFocused();
});

test("printing prints the voucher alone", async ({ page }) => {
  const frame = await openVoucher(page, "method=MB&summary=Order%2042");
  const inner = page.frames().find((f) => f.url().includes("/checkout-frame/"));
  if (!inner) throw new Error("no checkout frame");
  await inner.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await frame.getByRole("button", { name: "Print" }).click();
  await expect(frame.locator("body")).toHaveAttribute("data-printed", "yes");

  await page.emulateMedia({ media: "print" });
  const shown = (selector: string) =>
    inner.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return "missing";
      const style = getComputedStyle(element);
      return style.display === "none" ? "none" : style.visibility;
    }, selector);
  expect(await shown(".voucher-details")).toBe("visible");
  expect(await shown("#voucher-title")).toBe("visible");
  expect(await shown(".voucher-actions button")).toBe("none");
  expect(await shown(".copy")).toBe("none");
  // The rest of the frame (here the live region's container and the form around it) is not printed.
  expect(await shown(".frame > [role=status]")).toBe("hidden");
  await page.emulateMedia({ media: "screen" });
});

test("Continue takes the shopper to the shop while the payment is pending", async ({ page }) => {
  const frame = await openVoucher(page);
  const { checkoutId } = await idsOf(page);
  await frame.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/result\\?order=\\d+&id=${checkoutId}$`));
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Pending");
});

test("a shopper still on the voucher sees Payment received and goes back to the shop by itself", async ({
  page,
}) => {
  const frame = await openVoucher(page);
  const { checkoutId, paymentId } = await idsOf(page);
  const { entity, reference } = (await merchantApi(`/payments/${paymentId}`)).referenceDetails;
  await sandbox("/sandbox/multibanco/payments", { entity, reference, amount: 2590 });
  await expect(frame.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/multibanco-received.png" });
  await expect(page).toHaveURL(new RegExp(`/result\\?order=\\d+&id=${checkoutId}$`));
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Success");
  expect(status.result).toEqual({ paymentMethodCode: "MB" });
});

test("without a method code the frame offers card, MB WAY and Multibanco; once a voucher exists it stays", async ({
  page,
}) => {
  const frame = await openMerchantPage(page, "method=any");
  const tabs = frame.getByRole("tab");
  await expect(tabs).toHaveText(["Card", "MB WAY", "Multibanco"]);
  await frame.getByRole("tab", { name: "Multibanco" }).click();
  await frame.getByRole("button", { name: "Get the Multibanco reference" }).click();
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toBeVisible();
  const { checkoutId } = await idsOf(page);
  await page.goto(`${MERCHANT_URL}/existing?id=${checkoutId}`);
  const again = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(again.getByRole("heading", { name: "Multibanco payment details" })).toBeVisible();
  // The method choice is over: no tabs, and no card form to pay a second time.
  await expect(again.getByRole("tablist")).toHaveCount(0);
  await expect(again.getByLabel("Card number")).toHaveCount(0);
});

test("Portuguese texts and date", async ({ page }) => {
  const frame = await openMerchantPage(page, "method=MB&lang=PT");
  await frame.getByRole("button", { name: "Obter a referência Multibanco" }).click();
  for (const label of ["Entidade", "Referência", "Montante", "Pagar até"]) {
    await expect(frame.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(frame.getByRole("button", { name: "Continuar" })).toBeVisible();
  await frame.getByRole("button", { name: "Copiar Entidade" }).click();
  await expect(frame.getByRole("status")).toHaveText("Copiado");
});
