// The open form follows its checkout over server-sent events: a checkout that expires, is paid or
// is declined elsewhere ends the form at once and takes the shopper to the action URL with `?id=`.
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type FrameLocator, type Page, test } from "@playwright/test";
import { SERVICE_PORT } from "../playwright.config";
import {
  DECLINED,
  fillCard,
  MERCHANT_URL,
  merchantApi,
  openCheckout,
  VISA_OK,
} from "./support/card-checkout";
import { type DedicatedService, startDedicatedService } from "./support/dedicated-service";

/** The same checkout in a second tab of the shopper's browser. */
async function openInAnotherTab(context: BrowserContext, checkoutId: string): Promise<FrameLocator> {
  const other = await context.newPage();
  await other.goto(`${MERCHANT_URL}/existing?id=${checkoutId}`);
  return other.locator("form.paymentWidgets iframe").contentFrame();
}

/** The frame has handed the redirect to the loader: the merchant's result page for this checkout. */
async function expectSentBack(page: Page, merchantUrl: string, checkoutId: string) {
  await page.waitForURL(`${merchantUrl}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
}

test.describe("a checkout that expires while its form is open", () => {
  // Checkouts live 4 s here (the suite's service keeps the default 30 minutes), swept every 200 ms.
  let live: DedicatedService;
  test.beforeAll(async () => {
    live = await startDedicatedService("live", SERVICE_PORT + 3, {
      CHECKOUT_TTL_MS: "4000",
      EXPIRY_SWEEP_MS: "200",
    });
  });
  test.afterAll(async () => live?.stop());

  for (const [what, query] of [
    ["card form", "method=CC"],
    ["choice of card and MB WAY", "method=any"],
  ] as const) {
    test(`the ${what} shows the expiry by itself, then leaves for the action URL`, async ({ page }) => {
      await page.goto(`${live.merchantUrl}/checkout?${query}`);
      const checkoutId = (await page.locator(".checkout-id").textContent()) ?? "";
      const frame = page.locator("form.paymentWidgets iframe").contentFrame();
      await expect(frame.getByLabel("Card number")).toBeEnabled();
      // Nobody touches the form: the service's expiry reaches it.
      await expect(frame.getByRole("heading", { name: "Checkout expired" })).toBeVisible({ timeout: 15_000 });
      await expect(frame.getByRole("alert")).toHaveText(
        "This checkout has expired. Go back to the shop and start again.",
      );
      await expect(frame.getByLabel("Card number")).toHaveCount(0);
      await expectSentBack(page, live.merchantUrl, checkoutId);
    });
  }

  test("the expiry screen has no accessibility violations", async ({ page }) => {
    // The frame page on its own (no merchant page to send the shopper back to): the screen stays.
    await page.goto(`${live.merchantUrl}/checkout?method=CC`);
    const checkoutId = (await page.locator(".checkout-id").textContent()) ?? "";
    await page.goto(`${live.serviceUrl}/checkout-frame/${checkoutId}`);
    await expect(page.getByLabel("Card number")).toBeEnabled();
    const heading = page.getByRole("heading", { name: "Checkout expired" });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(heading).toBeFocused();
    const results = await new AxeBuilder({ page })
      // Embedded, the frame sits inside the merchant page's own <main>.
      .disableRules(["landmark-one-main"])
      .analyze();
    expect(results.violations).toEqual([]);
  });
});

test("a checkout paid in another tab ends the open form with the success, then the action URL", async ({
  context,
  page,
}) => {
  const { frame, checkoutId } = await openCheckout(page);
  const otherFrame = await openInAnotherTab(context, checkoutId);
  await fillCard(otherFrame, { number: VISA_OK });
  await otherFrame.getByRole("button", { name: /pay/i }).click();

  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expectSentBack(page, MERCHANT_URL, checkoutId);
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Success");
});

test("a checkout declined for good in another tab ends the open form with the decline", async ({
  context,
  page,
}) => {
  const { frame, checkoutId } = await openCheckout(page);
  const otherFrame = await openInAnotherTab(context, checkoutId);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await fillCard(otherFrame, { number: DECLINED });
    await otherFrame.getByRole("button", { name: /pay/i }).click();
    if (attempt < 3) await expect(otherFrame.getByRole("alert")).toContainText(`${3 - attempt}`);
  }

  await expect(frame.getByRole("heading", { name: "Payment declined" })).toBeVisible();
  await expect(frame.getByRole("alert")).toHaveText("Payment declined: the card was declined.");
  await expectSentBack(page, MERCHANT_URL, checkoutId);
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Declined");
});
