// A Multibanco voucher that expires while the shopper still looks at it: the frame follows its
// checkout over server-sent events, shows the expiry at once and takes the shopper to the action URL
// with `?id=`; the merchant reads the checkout `Expired` and its payment `expired`.
import AxeBuilder from "@axe-core/playwright";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { SERVICE_PORT } from "../playwright.config";
import { type DedicatedService, startDedicatedService } from "./support/dedicated-service";

// Vouchers are valid 5 s here (the suite's service keeps the default 3 days), swept every 200 ms:
// long enough to see the voucher on a loaded machine, short enough to wait for its end.
const VALIDITY_MS = 5000;
const EXPIRY_WAIT = { timeout: VALIDITY_MS + 15_000 };

let service: DedicatedService;
test.beforeAll(async () => {
  service = await startDedicatedService("multibanco-expiry", SERVICE_PORT + 7, {
    MULTIBANCO_CHECKOUT_VALIDITY_MS: String(VALIDITY_MS),
    EXPIRY_SWEEP_MS: "200",
  });
});
test.afterAll(async () => service?.stop());

/** The dedicated service's merchant API, with the sandbox key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e responses are inspected freely
async function merchantApi(path: string): Promise<any> {
  const response = await fetch(`${service.serviceUrl}${path}`, {
    headers: { authorization: "Bearer sk_test_sandbox" },
  });
  expect(response.status, `GET ${path}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}

/** Asks for the voucher in the frame and waits until it is shown (its heading takes the focus). */
async function showVoucher(frame: FrameLocator | Page) {
  await frame.getByRole("button", { name: "Get the Multibanco reference" }).click();
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toBeFocused();
}

test("a voucher expiring on screen shows the expiry, then the action URL with ?id=; the checkout reads Expired", async ({
  page,
}) => {
  await page.goto(`${service.merchantUrl}/checkout?method=MB&amount=2590`);
  const checkoutId = (await page.locator(".checkout-id").textContent()) ?? "";
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await showVoucher(frame);
  const { paymentId } = await merchantApi(`/checkouts/${checkoutId}`);
  const payment = await merchantApi(`/payments/${paymentId}`);
  await expect(frame.getByText(payment.referenceDetails.entity, { exact: true })).toBeVisible();

  // Nobody pays it: the sweep expires the reference and the stream brings the checkout's end.
  await expect(frame.getByRole("heading", { name: "Checkout expired" })).toBeVisible(EXPIRY_WAIT);
  await expect(frame.getByRole("alert")).toHaveText(
    "The Multibanco reference expired before it was paid. Go back to the shop and start again.",
  );
  // The voucher is gone: nothing left to pay or copy.
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toHaveCount(0);
  await expect(frame.getByRole("button", { name: /^Copy / })).toHaveCount(0);

  await page.waitForURL(`${service.merchantUrl}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  await expect(page.locator("#result-id")).toHaveText(checkoutId);

  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Expired");
  expect(status.result ?? undefined).toBeUndefined();
  expect((await merchantApi(`/payments/${paymentId}`)).stateDetails.state).toBe("expired");
});

test("the voucher's expiry screen takes the focus and has no accessibility violations", async ({ page }) => {
  // The frame page on its own (no merchant page to send the shopper back to): the screen stays.
  await page.goto(`${service.merchantUrl}/checkout?method=MB&amount=2590`);
  const checkoutId = (await page.locator(".checkout-id").textContent()) ?? "";
  await page.goto(`${service.serviceUrl}/checkout-frame/${checkoutId}`);
  await showVoucher(page);

  const heading = page.getByRole("heading", { name: "Checkout expired" });
  await expect(heading).toBeVisible(EXPIRY_WAIT);
  await expect(heading).toBeFocused();
  await page.screenshot({ path: "test-results/screens/multibanco-voucher-expired.png" });
  const results = await new AxeBuilder({ page })
    // Embedded, the frame sits inside the merchant page's own <main>.
    .disableRules(["landmark-one-main"])
    .analyze();
  expect(results.violations).toEqual([]);
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Expired");
});
