import { expect, test } from "@playwright/test";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations, serviceApi, unique } from "./support/demo-shop";
import { DASHBOARD_URL, signInToDashboard } from "./support/dashboard";

test.use({ viewport: { width: 375, height: 740 } });

async function expectNoSideScroll(page: import("@playwright/test").Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("dashboard pages in Portuguese at 375 px, by keyboard: checkouts, customers, webhooks, events", async ({
  page,
}, testInfo) => {
  const code = `PT-${unique()}`;
  const checkout = await serviceApi("POST", "/checkouts", {
    payment: { amount: 4990, code, summary: "Caneca" },
    redirects: [{ type: "action", url: "https://shop.example/result" }],
  });
  const customerId = `cliente-${unique()}`;
  await serviceApi("POST", "/customers", {
    customerId,
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.pt",
  });

  await signInToDashboard(page, "sk_test_sandbox");
  await page.getByLabel("Language").selectOption("pt");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: checkout.paymentId });
  await expect(row).toContainText("49,90");
  await expect(row).toContainText("Pendente");
  await expectNoSideScroll(page);
  await attachScreenshot(page, testInfo, "dashboard-11-payments-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard payments pt");

  // Keyboard: each section is a link reached by Tab and followed with Enter.
  const nav = page.getByRole("navigation", { name: "Secções do painel" });
  await nav.getByRole("link", { name: "Checkouts" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${DASHBOARD_URL}/checkouts`);
  await expect(page.getByRole("heading", { level: 1, name: "Checkouts" })).toBeVisible();
  const checkoutRow = page.getByRole("row").filter({ hasText: checkout.id });
  await expect(checkoutRow).toContainText(code);
  await expect(checkoutRow).toContainText("Aberto");
  await expect(checkoutRow).toContainText("Cartão, MB WAY");
  await expectNoSideScroll(page);
  await attachScreenshot(page, testInfo, "dashboard-12-checkouts-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard checkouts pt");

  await nav.getByRole("link", { name: "Clientes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(customerId) })).toBeVisible();
  await expect(page.getByText("ana@example.pt").first()).toBeVisible();
  await expectNoSideScroll(page);
  await attachScreenshot(page, testInfo, "dashboard-13-customers-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard customers pt");

  await nav.getByRole("link", { name: "Webhooks" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  // A bad URL is refused next to the field.
  await page.getByLabel("URL do endpoint").fill("not a url");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toContainText("url");
  // The demo shop does not know this endpoint's secret, so it refuses its deliveries: a failure to see.
  const url = `${DEMO_URL}/webhooks/payments?from=dashboard-${unique()}`;
  await page.getByLabel("URL do endpoint").fill(url);
  await page.keyboard.press("Enter");
  const secret = page.getByRole("region", { name: "Segredo de assinatura do novo endpoint" });
  await expect(secret).toContainText(/whsec_/);
  await expect(secret).toContainText("só é mostrado uma vez");
  const hookRow = page.getByRole("row").filter({ hasText: url });
  await expect(hookRow).toBeVisible();
  await expectNoSideScroll(page);
  await attachScreenshot(page, testInfo, "dashboard-14-webhooks-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard webhooks pt");

  await hookRow.getByRole("button", { name: /Enviar um evento de teste/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Evento de teste" })).toContainText(/evt_\w+/);

  await nav.getByRole("link", { name: "Eventos" }).focus();
  await page.keyboard.press("Enter");
  await page.getByLabel("Tipo").selectOption("webhook.test");
  const testEvent = page.locator("details").filter({ hasText: "webhook.test" }).first();
  await testEvent.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(testEvent.getByRole("cell", { name: "400" }).first()).toBeVisible();
  await expect(testEvent).toContainText(url);
  await expect(testEvent.locator("pre code")).toContainText('"type": "webhook.test"');
  await expectNoSideScroll(page);
  await attachScreenshot(page, testInfo, "dashboard-15-events-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard events pt");

  // Clean up: other specs expect only the demo shop's own endpoints.
  await nav.getByRole("link", { name: "Webhooks" }).focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("row")
    .filter({ hasText: url })
    .getByRole("button", { name: /^Eliminar/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Endpoint eliminado" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: url })).toHaveCount(0);

  // Sign out ends the session: a reload shows the sign-in form again.
  await page.getByRole("button", { name: "Terminar sessão" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sessão no painel da sandbox" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Chave de API")).toBeVisible();
  await attachScreenshot(page, testInfo, "dashboard-16-sign-in-pt-375");
  await expectNoAxeViolations(page, testInfo, "dashboard sign-in pt");
});
