import { expect, test } from "@playwright/test";
import { fillCard, MERCHANT_URL, merchantApi, VISA_OK } from "./support/card-checkout";
import {
  APPROVES,
  DECLINES,
  NEVER_ANSWERS,
  openMbway,
  payByPhone,
  simulateAnswer,
  WAITS,
} from "./support/mbway-checkout";

test("a checkout without a method code offers Card, MB WAY and Multibanco as tabs, in the merchant's order", async ({
  page,
}) => {
  const { frame } = await openMbway(page, "method=any");
  const tabs = frame.getByRole("tab");
  await expect(tabs).toHaveText(["Card", "MB WAY", "Multibanco"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(frame.getByRole("tabpanel")).toContainText("Card number");
  await expect(page.locator("form.paymentWidgets iframe")).toHaveAttribute("title", "Payment");
});

test("approves with 911111111: the await screen, then the action URL with ?id=", async ({ page }) => {
  const { frame, checkoutId } = await openMbway(page, "method=any", true);
  await expect(frame.getByRole("tab", { name: "MB WAY" })).toHaveAttribute("aria-selected", "true");
  await expect(frame.getByLabel("Country code")).toHaveValue("351");
  await payByPhone(frame, APPROVES);

  const heading = frame.getByRole("heading", { name: "Approve the payment in MB WAY" });
  await expect(heading).toBeFocused();
  await expect(frame.getByText("Request sent to +351 911111111.")).toBeVisible();
  await expect(frame.getByRole("timer")).toHaveText(/Time left to approve: [0-8]:\d\d/);
  await expect(frame.getByRole("tab")).toHaveCount(0); // no switching while the app is asked

  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Success");
  expect(status.result).toEqual({ paymentMethodCode: "MW", last3Digits: "111" });
  expect((await merchantApi(`/payments/${status.paymentId}`)).stateDetails.state).toBe("confirmed");
});

test("a decline (922222222) shows its reason; the shopper switches to the card and pays", async ({
  page,
}) => {
  const { frame, checkoutId } = await openMbway(page, "method=any", true);
  await payByPhone(frame, DECLINES);
  const alert = frame.getByRole("alert");
  await expect(alert).toContainText("Payment declined in the MB WAY app.", { timeout: 10_000 });
  await expect(alert).toContainText("Attempts left: 2.");
  await expect(frame.getByLabel("Phone number")).toBeFocused();
  await expect(frame.getByLabel("Phone number")).toHaveValue(DECLINES); // kept for a retry

  await frame.getByRole("tab", { name: "Card" }).click();
  await fillCard(frame, { number: VISA_OK });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails.state).toBe("Success");
  expect(status.result).toMatchObject({ paymentMethodCode: "CC", last4Digits: "4242" });
  expect(status.attempts).toBe(2);
});

test("an unanswered request (933333333) times out: Expired, then the action URL", async ({ page }) => {
  test.setTimeout(40_000); // the e2e service waits MBWAY_TIMEOUT_MS=8000 for the app
  const { frame, checkoutId } = await openMbway(page, "method=MW");
  await expect(frame.getByRole("tab")).toHaveCount(0); // one method: no choice to make
  await payByPhone(frame, NEVER_ANSWERS);
  await expect(frame.getByRole("timer")).toBeVisible();
  await expect(frame.getByRole("heading", { name: "Checkout expired" })).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByRole("alert")).toHaveText("The MB WAY payment was not approved in time.");
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
  expect(new URL(page.url()).searchParams.get("id")).toBe(checkoutId);
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.stateDetails).toMatchObject({ state: "Expired", reason: "mbway_timeout" });
});

test("Cancel stops waiting without using an attempt and returns to the choice", async ({ page }) => {
  const { frame, checkoutId } = await openMbway(page, "method=any", true);
  await payByPhone(frame, WAITS);
  await frame.getByRole("button", { name: "Cancel" }).click();
  await expect(frame.getByRole("tab")).toHaveCount(3);
  await expect(frame.getByLabel("Phone number")).toHaveValue(WAITS);
  await expect(frame.getByLabel("Phone number")).toBeFocused();
  const status = await merchantApi(`/checkouts/${checkoutId}`);
  expect(status.attempts).toBe(0);
  expect(await simulateAnswer(status.paymentId, "approve")).toBe(409); // nothing is waiting
});

test("the simulator's approval reaches the frame without any action from the shopper", async ({ page }) => {
  const { frame, checkoutId } = await openMbway(page, "method=MW");
  await payByPhone(frame, WAITS);
  await expect(frame.getByRole("timer")).toBeVisible();
  const { paymentId } = await merchantApi(`/checkouts/${checkoutId}`);
  expect(await simulateAnswer(paymentId, "approve")).toBe(200);
  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await page.waitForURL(`${MERCHANT_URL}/result?**`);
});

test("a number that is not a mobile of the chosen country is refused before sending", async ({ page }) => {
  const { frame, checkoutId } = await openMbway(page, "method=MW");
  await payByPhone(frame, "212345678");
  const phone = frame.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a valid mobile number for this country\./);
  await frame.getByLabel("Country code").selectOption("34");
  await phone.fill("612345678");
  await expect(phone).not.toHaveAttribute("aria-invalid");
  expect((await merchantApi(`/checkouts/${checkoutId}`)).attempts).toBe(0);
});
