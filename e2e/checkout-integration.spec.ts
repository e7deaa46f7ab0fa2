// The checkout as merchants integrate it: options on the form, its events, wpwlOptions, the mount
// API for single-page apps, and the reason given when the frame cannot load.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import {
  checkoutPage,
  createCheckout,
  ELSEWHERE,
  openPage,
  SERVICE,
  SHOP,
  startShop,
} from "./support/own-shop";

let stopShop: () => Promise<void>;
test.beforeAll(async () => {
  stopShop = await startShop();
});
test.afterAll(() => stopShop());

/** Records every checkout event on the page; cancels `checkout:complete` when `window.cancelComplete`. */
const RECORD_EVENTS = `<script>
window.events = [];
for (const type of ["checkout:ready", "checkout:brand", "checkout:error", "checkout:complete"]) {
  document.addEventListener(type, (event) => {
    window.events.push({ type, detail: event.detail, target: event.target.tagName });
    if (type === "checkout:complete" && window.cancelComplete) event.preventDefault();
  });
}
</script>`;

type Recorded = { type: string; detail: Record<string, unknown>; target: string };
const WRONG_URL = "load this script from the checkoutUrl returned when the checkout was created";
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: Recorded[] }).events);
const consoleLines = (page: Page, type: "error" | "warning") => {
  const lines: string[] = [];
  page.on("console", (message) => {
    if (message.type() === type) lines.push(message.text());
  });
  return lines;
};

test("options: language, accepted brands and look, with bad values warned about and ignored", async ({
  page,
}) => {
  const warnings = consoleLines(page, "warning");
  const checkout = await createCheckout();
  await openPage(
    page,
    checkoutPage(
      checkout.checkoutUrl,
      'data-locale="pt" data-brands="VISA MASTER ELO" data-color-primary="#ffdd00" data-color-text="#102030" ' +
        'data-border-radius="14" data-font-family="serif" data-color-background="nonsense"',
    ),
  );
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  const number = frame.getByLabel("Número do cartão");
  await expect(number).toBeVisible();
  await number.fill("3782 822463 10005");
  await expect(number).toHaveAccessibleDescription(/Esta marca de cartão não é aceite/);
  await expect(frame.getByText("American Express")).toHaveCount(0);
  await number.fill("4242 4242 4242 4242");
  await expect(frame.getByText("Visa", { exact: true })).toBeVisible();

  const pay = frame.getByRole("button", { name: /^Pagar/ });
  const looks = await pay.evaluate((button) => {
    const style = getComputedStyle(button);
    return { background: style.backgroundColor, radius: style.borderRadius, font: style.fontFamily };
  });
  expect(looks.background).not.toBe("rgb(255, 221, 0)"); // darkened for white text
  await page.screenshot({ path: "test-results/integration-screenshots/options.png" });
  expect(looks.radius).toBe("14px");
  expect(looks.font).toBe("serif");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(warnings.join("\n")).toContain('brand "ELO" ignored');
  expect(warnings.join("\n")).toContain('colorBackground "nonsense" ignored');
});

test("events: ready, brand, a decline's error, and a cancelled complete keeps the page", async ({ page }) => {
  // A page without options downloads none of the options' code.
  const optionsCode: string[] = [];
  page.on("request", (request) => {
    if (/\/widget\/assets\/(apply-options|theme)/.test(request.url())) optionsCode.push(request.url());
  });
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl, "", RECORD_EVENTS));
  await page.evaluate(() => ((window as unknown as { cancelComplete: boolean }).cancelComplete = true));
  const pay = sandboxCheckout(page);
  await pay.payWithCard({ number: "4000 0000 0000 0002" });
  await pay.expectDeclined();
  await pay.payWithCard({ number: "5555 5555 5555 4444" });
  await expect.poll(async () => (await events(page)).some((e) => e.type === "checkout:complete")).toBe(true);

  const seen = await events(page);
  expect(seen[0]).toEqual({ type: "checkout:ready", detail: { checkoutId: checkout.id }, target: "FORM" });
  const brands = seen.filter((e) => e.type === "checkout:brand").map((e) => e.detail.brand);
  expect(brands).toContain("VISA");
  expect(brands).toContain("MASTER");
  expect(seen.find((e) => e.type === "checkout:error")?.detail).toEqual({
    checkoutId: checkout.id,
    code: "card_declined",
    message: "Payment declined: the card was declined.",
  });
  expect(seen.find((e) => e.type === "checkout:complete")?.detail).toEqual({
    checkoutId: checkout.id,
    state: "Success",
    redirectUrl: `${SHOP}/done?id=${checkout.id}`,
  });
  // Cancelled: the shop's page stays, and the frame no longer says it is taking the shopper back;
  // nothing of the card ever reached the page.
  await expect(page.getByRole("heading", { name: "Pay for your order" })).toBeVisible();
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(frame.getByText("Taking you back to the shop…")).toHaveCount(0);
  expect(page.url()).toContain("/pay/");
  expect(JSON.stringify(seen)).not.toMatch(/4000|5555|0002|4444/);
  expect(optionsCode).toEqual([]);
});

test("events: a decline in the MB WAY app is reported with its reason", async ({ page }) => {
  const checkout = await createCheckout({ method: "MW" });
  await openPage(page, checkoutPage(checkout.checkoutUrl, "", RECORD_EVENTS));
  const pay = sandboxCheckout(page);
  await pay.payWithMbway("922222222");
  await pay.expectDeclined("MB WAY");
  await expect
    .poll(async () => (await events(page)).find((e) => e.type === "checkout:error")?.detail)
    .toEqual({
      checkoutId: checkout.id,
      code: "mbway_declined",
      message: "Payment declined in the MB WAY app.",
    });
  expect(JSON.stringify(await events(page))).not.toContain("922222222");
});

test("events: a Multibanco voucher left to pay completes as Pending, with no error; reloaded, it is ready", async ({
  page,
}) => {
  const checkout = await createCheckout({ method: "MB" });
  const html = checkoutPage(checkout.checkoutUrl, "", RECORD_EVENTS);
  await openPage(page, html);
  await page.evaluate(() => ((window as unknown as { cancelComplete: boolean }).cancelComplete = true));
  await sandboxCheckout(page).chooseMultibanco();

  // The shopper reloads the page: the same voucher, a usable form, no "could not be loaded".
  const errors = consoleLines(page, "error");
  await page.reload();
  await page.evaluate(() => ((window as unknown as { cancelComplete: boolean }).cancelComplete = true));
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(frame.getByRole("button", { name: "Continue" })).toBeVisible();
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toEqual(["checkout:ready"]);
  expect(errors).toEqual([]);

  await frame.getByRole("button", { name: "Continue" }).click();
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain("checkout:complete");
  const seen = await events(page);
  expect(seen.find((e) => e.type === "checkout:complete")?.detail).toEqual({
    checkoutId: checkout.id,
    state: "Pending",
    redirectUrl: `${SHOP}/done?id=${checkout.id}`,
  });
  expect(seen.filter((e) => e.type === "checkout:error")).toEqual([]);
});

test("wpwlOptions: a COPYandPAY page keeps its locale, onReady and onError", async ({ page }) => {
  const checkout = await createCheckout();
  const head = `<script>
window.calls = [];
var wpwlOptions = {
  locale: "de",
  style: "card",
  onReady: function () { window.calls.push("ready"); },
  onError: function (error) { window.calls.push("error " + error.name); },
};
</script>`;
  await openPage(page, checkoutPage(checkout.checkoutUrl, "", head));
  const pay = sandboxCheckout(page);
  await expect(pay.frame.getByLabel("Kartennummer")).toBeVisible();
  await pay.payWithCard({ number: "4000 0000 0000 9995" });
  await pay.expectDeclined("Deckung nicht ausreichend");
  expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual([
    "ready",
    "error insufficient_funds",
  ]);
});

test("a page whose origin may not frame the checkout says so, and the console names both origins", async ({
  page,
}) => {
  const errors = consoleLines(page, "error");
  const checkout = await createCheckout(); // its action URL is on SHOP
  await openPage(page, checkoutPage(checkout.checkoutUrl, 'data-locale="pt"', RECORD_EVENTS), ELSEWHERE);
  await expect(page.getByRole("alert")).toHaveText("Não foi possível carregar o formulário de pagamento.");
  await page.screenshot({ path: "test-results/integration-screenshots/frame-unavailable.png" });
  await expect(page.locator("form.paymentWidgets iframe")).toHaveCount(0);
  await expect.poll(() => errors.find((line) => line.startsWith("checkout:"))).toContain(ELSEWHERE);
  const line = errors.find((text) => text.startsWith("checkout:")) ?? "";
  expect(line).toContain(`may not show checkout ${checkout.id}; allowed: ${SHOP}`);
  expect(errors.filter((text) => text.startsWith("checkout:"))).toHaveLength(1);
  const seen = await events(page);
  expect(seen).toEqual([
    {
      type: "checkout:error",
      detail: {
        checkoutId: checkout.id,
        code: "frame_unavailable",
        message: expect.stringContaining(ELSEWHERE),
      },
      target: "FORM",
    },
  ]);
});

test("an unknown checkout keeps the frame's own message, and the console names the cause", async ({
  page,
}) => {
  const errors = consoleLines(page, "error");
  await openPage(
    page,
    checkoutPage(`${SERVICE}/embed/ck_UnknownUnknown000000`, 'data-locale="pt"'),
    ELSEWHERE,
  );
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(frame.getByRole("heading", { name: "Checkout não encontrado" })).toBeVisible();
  await expect.poll(() => errors.join("\n")).toContain("checkout ck_UnknownUnknown000000 is unknown");
});

test("a mistyped checkout URL in the script says so in the form, the console and checkout:error", async ({
  page,
}) => {
  const errors = consoleLines(page, "error");
  const refused = {
    type: "checkout:error",
    detail: { checkoutId: "ck_tooShort", code: "frame_unavailable", message: WRONG_URL },
    target: "FORM",
  };
  await openPage(page, checkoutPage(`${SERVICE}/embed/ck_tooShort`, 'data-locale="pt"', RECORD_EVENTS));
  await expect(page.getByRole("alert")).toHaveText("Não foi possível carregar o formulário de pagamento.");
  expect(await events(page)).toEqual([refused]);
  expect(errors.join("\n")).toContain(WRONG_URL);

  // The script in the head, before its form, and a COPYandPAY page's onError: the same.
  await openPage(
    page,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>${RECORD_EVENTS}
<script>window.wpwlOptions = { locale: "de", onError: (error) => (window.wpwlError = error.name) };</script>
<script src="${SERVICE}/embed/ck_tooShort"></script></head>
<body><main><h1>Pay for your order</h1><form class="paymentWidgets"></form></main></body></html>`,
  );
  await expect(page.getByRole("alert")).toHaveText("Das Zahlungsformular konnte nicht geladen werden.");
  await expect.poll(() => events(page)).toEqual([refused]);
  expect(await page.evaluate(() => (window as unknown as { wpwlError?: string }).wpwlError)).toBe(
    "frame_unavailable",
  );
});

test("mount API: a single-page app mounts, unmounts and mounts again, and routes by itself", async ({
  page,
}) => {
  const [first, second] = [await createCheckout(), await createCheckout()];
  const app = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body>
<main><h1>Single-page shop</h1><div id="slot"></div><p id="status" role="status"></p></main>
<script type="module">
import { mountCheckout } from "${SERVICE}/embed/checkout.mjs";
const slot = document.getElementById("slot");
const status = document.getElementById("status");
window.mountIt = (checkoutUrl) => {
  window.mounted = mountCheckout(slot, {
    checkoutUrl,
    locale: "fr",
    brands: ["VISA", "MASTER"],
    theme: { colorPrimary: "#0a7", borderRadius: 4 },
    onReady: () => (status.textContent = "ready"),
    onComplete: (detail) => {
      status.textContent = "paid " + detail.state;
      return false;
    },
  });
};
window.mountIt(${JSON.stringify(first.checkoutUrl)});
</script></body></html>`;
  await openPage(page, app);
  await expect(page.getByRole("status")).toHaveText("ready");
  await expect(page.locator("#slot iframe").contentFrame().getByLabel("Numéro de carte")).toBeVisible();

  await page.evaluate(() => (window as unknown as { mounted: { unmount(): void } }).mounted.unmount());
  await expect(page.locator("#slot")).toBeEmpty();
  await page.evaluate(
    (url) => (window as unknown as { mountIt(u: string): void }).mountIt(url),
    second.checkoutUrl,
  );
  await expect(page.locator("#slot iframe")).toHaveCount(1);

  await sandboxCheckout(page.locator("#slot")).payWithCard({ number: "4242 4242 4242 4242" });
  await expect(page.getByRole("status")).toHaveText("paid Success");
  await expect(page.getByRole("heading", { name: "Single-page shop" })).toBeVisible();
  const status = await (
    await fetch(`${SERVICE}/checkouts/${second.id}`, {
      headers: { authorization: "Bearer sk_test_sandbox" },
    })
  ).json();
  expect(status.data.stateDetails.state).toBe("Success");
});
