import { expect, test } from "@playwright/test";
import { MERCHANT_URL, openCheckout, SERVICE_URL } from "./support/card-checkout";

const HOSTILE = "</script><script>alert(1)</script><!-- & \u2028 -->";

test("the frame renders from the data in its page, without asking the frame API", async ({ page }) => {
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    // The event stream follows the open checkout's changes: it is opened after the first render.
    if (url.includes("/frame-api/") && !url.endsWith("/events")) apiCalls.push(url);
  });
  const { frame } = await openCheckout(page);
  await expect(frame.getByLabel("Card number")).toBeEnabled();
  expect(apiCalls).toEqual([]);
});

test("a summary that looks like markup is shown as text and breaks nothing", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const { frame, checkoutId } = await openCheckout(page, `summary=${encodeURIComponent(HOSTILE)}`);
  await expect(frame.locator(".summary")).toHaveText(HOSTILE.replace("\u2028", " ").replace(/\s+/g, " "), {
    useInnerText: false,
  });
  await expect(frame.getByLabel("Card number")).toBeEnabled();
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);

  const html = await (await page.request.get(`${SERVICE_URL}/checkout-frame/${checkoutId}`)).text();
  expect(html).not.toContain("<script>alert(1)");
  expect(html.match(/<\/script>/g)).toHaveLength(3); // the entry's and the two data blocks' own
});

test("an unknown checkout shows its message from the page's data alone", async ({ page }) => {
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/frame-api/")) apiCalls.push(request.url());
  });
  await page.goto(`${MERCHANT_URL}/unknown`);
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await expect(frame.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
  expect(apiCalls).toEqual([]);
});
