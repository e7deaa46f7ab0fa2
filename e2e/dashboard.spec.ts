import { expect, test } from "@playwright/test";
import { DECLINED, fillCard, merchantApi, openCheckout, VISA_OK } from "./support/card-checkout";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations } from "./support/demo-shop";
import {
  createOtherMerchant,
  DASHBOARD_URL,
  expectSamePage,
  markPage,
  signInToDashboard,
} from "./support/dashboard";
import { idsOf, openMerchantPage } from "./support/shopper-flows";

test("dashboard: a demo-shop payment appears within a second; simulate Multibanco and watch state and notification arrive; redeliver", async ({
  page,
  context,
}, testInfo) => {
  await page.goto(DASHBOARD_URL);
  await expect(page.getByRole("heading", { name: "Sign in to the sandbox dashboard" })).toBeVisible();
  await attachScreenshot(page, testInfo, "dashboard-01-sign-in");
  await expectNoAxeViolations(page, testInfo, "dashboard sign-in");
  // A wrong key is refused with a message next to the field.
  await page.getByLabel("API key").fill("sk_test_not_a_key");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("This API key is not known");
  await expect(page.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("API key").fill("");

  await signInToDashboard(page, "sk_test_sandbox");
  await expect(page).toHaveURL(`${DASHBOARD_URL}`);
  await expect(page.getByText("Live: updates appear by themselves")).toBeVisible();
  await markPage(page);

  // The shop's server creates a Multibanco reference in another tab.
  const shop = await context.newPage();
  await shop.goto(`${DEMO_URL}/multibanco`);
  await shop.getByLabel("Amount in euros").fill("12,50");
  await shop.getByRole("button", { name: "Generate reference" }).click();
  await expect(shop).toHaveURL(/\/multibanco\/pay_/);
  const created = Date.now();
  const paymentId = /pay_[A-Za-z0-9]{20}/.exec(shop.url())?.[0] ?? "";
  await shop.close();

  const row = page.getByRole("row").filter({ hasText: paymentId });
  await expect(row).toBeVisible({ timeout: 1000 });
  const seenAfterMs = Date.now() - created;
  testInfo.annotations.push({ type: "payment seen after", description: `${seenAfterMs} ms` });
  console.log(`dashboard: the demo shop's payment was listed ${seenAfterMs} ms after it was created`);
  expect(seenAfterMs).toBeLessThan(1000);
  await expect(row).toContainText("Multibanco");
  await expect(row).toContainText("€12.50");
  await expect(row).toContainText("Pending");
  await expectSamePage(page);
  await attachScreenshot(page, testInfo, "dashboard-02-payments");
  await expectNoAxeViolations(page, testInfo, "dashboard payments");

  await row.getByRole("link", { name: paymentId }).click();
  await expect(page).toHaveURL(`${DASHBOARD_URL}/payments/${paymentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(paymentId);
  const facts = page.locator("dl.facts");
  await expect(facts).toContainText("Pending");
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await attachScreenshot(page, testInfo, "dashboard-03-payment-pending");
  await expectNoAxeViolations(page, testInfo, "dashboard payment detail");

  await page.getByRole("button", { name: "Simulate the Multibanco payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done" })).toContainText(
    "Simulate the Multibanco payment",
  );
  await expect(facts).toContainText("Confirmed");
  const notifications = page.getByRole("region", { name: "Notifications" });
  const confirmed = notifications.locator("details").filter({ hasText: "payment.confirmed" });
  await expect(confirmed).toBeVisible();
  // The demo shop's callback URL and webhook answer: both deliveries turn "Delivered" by themselves.
  await expect(confirmed.locator(".delivery").filter({ hasText: "Callback URL" })).toContainText("Delivered");
  await expect(confirmed.locator(".delivery").filter({ hasText: "Webhook" }).first()).toContainText(
    "Delivered",
  );
  await expect(confirmed.getByRole("cell", { name: "200" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Simulate the Multibanco payment" })).toBeHidden();
  await expectSamePage(page);
  await attachScreenshot(page, testInfo, "dashboard-04-payment-confirmed");
  await expectNoAxeViolations(page, testInfo, "dashboard payment confirmed");

  // Redeliver: each delivery gets a second attempt, shown without a reload.
  const callbackAttempts = confirmed
    .locator(".delivery")
    .filter({ hasText: "Callback URL" })
    .locator("tbody tr");
  await expect(callbackAttempts).toHaveCount(1);
  await confirmed.getByRole("button", { name: "Redeliver" }).click();
  await expect(confirmed.getByRole("status")).toContainText("queued for delivery again");
  await expect(callbackAttempts).toHaveCount(2);
  await expectSamePage(page);
  await attachScreenshot(page, testInfo, "dashboard-05-redelivered");

  // Another merchant's session sees none of it.
  const other = createOtherMerchant("Other shop (e2e)");
  const stranger = await context.browser()!.newContext();
  const strangerPage = await stranger.newPage();
  await signInToDashboard(strangerPage, other.apiKey);
  await expect(strangerPage.getByRole("heading", { name: "No payments yet" })).toBeVisible();
  await expect(strangerPage.locator("pre code")).toContainText("curl -X POST");
  await expect(strangerPage.getByRole("link", { name: "Or make one in the demo shop" })).toHaveAttribute(
    "href",
    DEMO_URL,
  );
  await attachScreenshot(strangerPage, testInfo, "dashboard-06-other-merchant-empty");
  await expectNoAxeViolations(strangerPage, testInfo, "dashboard empty payments");
  await strangerPage.getByLabel("Search").fill(paymentId);
  await strangerPage.getByRole("button", { name: "Apply" }).click();
  await expect(strangerPage.getByText("No payments match these filters.")).toBeVisible();
  await strangerPage.goto(`${DASHBOARD_URL}/payments/${paymentId}`);
  await expect(strangerPage.getByRole("alert")).toContainText(
    "does not exist or belongs to another merchant",
  );
  await strangerPage.goto(`${DASHBOARD_URL}/events`);
  await expect(strangerPage.getByText("No events yet")).toBeVisible();
  await attachScreenshot(strangerPage, testInfo, "dashboard-07-other-merchant-events");
  await stranger.close();
});

test("dashboard: the shopper's declined card appears in the payment's timeline as it happens, with its reason", async ({
  page,
  context,
}, testInfo) => {
  await signInToDashboard(page, "sk_test_sandbox");
  // A shopper opens the merchant's checkout in another tab; the dashboard shows its payment.
  const shop = await context.newPage();
  // Without a method code: the frame offers card, MB WAY and Multibanco.
  const { frame, checkoutId } = await openCheckout(shop, "method=any");
  const { paymentId } = (await merchantApi(`/checkouts/${checkoutId}`)) as { paymentId: string };
  await page.goto(`${DASHBOARD_URL}/payments/${paymentId}`);
  const timeline = page.getByRole("region", { name: /^(Timeline|Cronologia)$/ }).getByRole("listitem");
  await expect(timeline).toHaveCount(1);
  await expect(timeline.first()).toContainText("Created");
  // The methods offered while the shopper has chosen none; the card once tried, declined or not.
  const method = page.locator("dl.facts > div").filter({ has: page.getByText("Method", { exact: true }) });
  await expect(method.locator("dd")).toHaveText("Card, MB WAY, Multibanco");
  await markPage(page);

  await fillCard(frame, { number: DECLINED });
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(frame.getByRole("alert")).toContainText("declined");
  await expect(timeline.nth(1)).toContainText("Attempt 1 by card: declined (reason: card_declined)");
  await expect(method.locator("dd")).toHaveText("Card");
  await page.getByRole("link", { name: "All payments" }).click();
  await expect(page.getByRole("row").filter({ hasText: paymentId })).toContainText("Card");
  await expect(page.getByRole("row").filter({ hasText: paymentId })).not.toContainText("MB WAY");
  await page.goBack();
  await expectSamePage(page);

  await frame.getByLabel("Card number").fill(VISA_OK);
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(timeline.nth(2)).toContainText("Attempt 2 by card: approved");
  await expect(timeline.nth(3)).toContainText("Confirmed");
  await expect(page.locator("dl.facts")).toContainText("Confirmed");
  await expectSamePage(page);
  await shop.close();
  await attachScreenshot(page, testInfo, "dashboard-08-payment-attempts");
  await expectNoAxeViolations(page, testInfo, "dashboard payment attempts");

  // In Portuguese too.
  await page.getByLabel("Language").selectOption("pt");
  await expect(timeline.nth(1)).toContainText("Tentativa 1 com cartão: recusada (motivo: card_declined)");
  await attachScreenshot(page, testInfo, "dashboard-09-payment-attempts-pt");
  await expectNoAxeViolations(page, testInfo, "dashboard payment attempts in Portuguese");
});

test("dashboard: a checkout's Multibanco voucher can be paid from its payment page, and the shopper's frame follows", async ({
  page,
  context,
}, testInfo) => {
  await signInToDashboard(page, "sk_test_sandbox");
  // A shopper takes the Multibanco voucher of a checkout in another tab.
  const shop = await context.newPage();
  const frame = await openMerchantPage(shop, "method=MB&amount=2590");
  await frame.getByRole("button", { name: "Get the Multibanco reference" }).click();
  await expect(frame.getByRole("heading", { name: "Multibanco payment details" })).toBeFocused();
  const { paymentId } = await idsOf(shop);

  await page.goto(`${DASHBOARD_URL}/payments/${paymentId}`);
  const facts = page.locator("dl.facts");
  await expect(facts).toContainText("Pending");
  await expect(facts).toContainText("Multibanco");
  await expect(page.getByRole("button", { name: "Expire the reference now" })).toBeVisible();
  await markPage(page);
  await page.getByRole("button", { name: "Simulate the Multibanco payment" }).click();
  await expect(facts).toContainText("Confirmed");
  await expect(page.getByRole("button", { name: "Simulate the Multibanco payment" })).toBeHidden();
  await expect(frame.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expectSamePage(page);
  await attachScreenshot(page, testInfo, "dashboard-10-voucher-paid");
  await expectNoAxeViolations(page, testInfo, "dashboard voucher paid");
  await shop.close();
});

test("dashboard: the sign-in page loads without a console error or a failed request, before and after signing out", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()} ${message.location().url}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(DASHBOARD_URL);
  await expect(page.getByRole("heading", { name: "Sign in to the sandbox dashboard" })).toBeVisible();
  expect(problems).toEqual([]);

  await signInToDashboard(page, "sk_test_sandbox");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the sandbox dashboard" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in to the sandbox dashboard" })).toBeVisible();
  expect(problems).toEqual([]);
});
