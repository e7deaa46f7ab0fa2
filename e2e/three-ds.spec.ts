import AxeBuilder from "@axe-core/playwright";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { fillCard, merchantApi, openCheckout } from "./support/card-checkout";
import { idsOf, newCustomer, openMerchantPage, sandbox, saveCard } from "./support/shopper-flows";

const CHALLENGE_OK = "4000000000003220";
const FRICTIONLESS = "4000000000003055";
const CHALLENGE_DECLINED = "4000008400001629";

/** The issuer's page nested in the checkout frame. */
const bank = (frame: FrameLocator) => frame.locator('iframe[title="Sandbox Bank"]').contentFrame();

async function payAndOpenChallenge(page: Page, number: string, query = "amount=4250") {
  const { frame } = await openCheckout(page, query);
  await fillCard(frame, { number });
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(frame.getByRole("heading", { name: "Confirm with your bank" })).toBeVisible();
  await expect(bank(frame).getByRole("button", { name: "Complete authentication" })).toBeVisible();
  return frame;
}

test("3220: the issuer's page opens in the frame with the focus; completing it pays", async ({ page }) => {
  const frame = await payAndOpenChallenge(page, CHALLENGE_OK);
  const issuer = bank(frame);
  await expect(issuer.getByRole("heading", { name: "Sandbox Bank" })).toBeVisible();
  await expect(issuer.getByText("€42.50")).toBeVisible();
  await expect(issuer.getByText("Sandbox merchant")).toBeVisible();
  await expect(issuer.getByRole("button", { name: "Complete authentication" })).toBeFocused();
  await page.screenshot({ path: "test-results/screens/three-ds-challenge.png" });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const { checkoutId, paymentId } = await idsOf(page);
  expect((await merchantApi(`/payments/${paymentId}`)).stateDetails.state).toBe("awaiting_authentication");
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("PaymentReady");

  // Escape does not close the challenge.
  await page.keyboard.press("Escape");
  await expect(issuer.getByRole("button", { name: "Complete authentication" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/result\\?order=\\d+&id=${checkoutId}$`));
  expect((await merchantApi(`/checkouts/${checkoutId}`)).stateDetails.state).toBe("Success");
});

test("failing the challenge declines that attempt (Authentication failed); the shopper tries again", async ({
  page,
}) => {
  const frame = await payAndOpenChallenge(page, CHALLENGE_OK);
  await page.keyboard.press("Tab"); // to "Fail authentication"
  await expect(bank(frame).getByRole("button", { name: "Fail authentication" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(frame.getByRole("alert")).toHaveText("Authentication failed. Attempts left: 2.");
  await expect(frame.getByLabel("Card number")).toBeFocused();
  await expect(frame.getByLabel("Card number")).toHaveValue("");
  await page.screenshot({ path: "test-results/screens/three-ds-failed.png" });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await fillCard(frame, { number: FRICTIONLESS });
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/result\?/);
});

test("1629: the challenge is completed, then the card is declined", async ({ page }) => {
  const frame = await payAndOpenChallenge(page, CHALLENGE_DECLINED);
  await bank(frame).getByRole("button", { name: "Complete authentication" }).click();
  await expect(frame.getByRole("alert")).toHaveText(/card was declined.*Attempts left: 2/);
});

test("3055 is paid without a challenge (frictionless)", async ({ page }) => {
  const { frame } = await openCheckout(page);
  await fillCard(frame, { number: FRICTIONLESS });
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(frame.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(frame.locator('iframe[title="Sandbox Bank"]')).toHaveCount(0);
});

test("a challenge answered through the sandbox API ends the open challenge in the frame", async ({
  page,
}) => {
  const frame = await payAndOpenChallenge(page, CHALLENGE_OK);
  const { paymentId } = await idsOf(page);
  await sandbox(`/sandbox/3ds/${paymentId}/fail`);
  await expect(frame.getByRole("alert")).toHaveText("Authentication failed. Attempts left: 2.");
  await payAgain(frame);
  await sandbox(`/sandbox/3ds/${paymentId}/complete`);
  await expect(page).toHaveURL(/\/result\?/);
});

async function payAgain(frame: FrameLocator) {
  await fillCard(frame, { number: CHALLENGE_OK });
  await frame.getByRole("button", { name: /^Pay/ }).click();
  await expect(bank(frame).getByRole("button", { name: "Complete authentication" })).toBeVisible();
}

test("a reloaded frame opens on the open challenge", async ({ page }) => {
  await payAndOpenChallenge(page, CHALLENGE_OK);
  const { checkoutId } = await idsOf(page);
  await page.goto(page.url().replace(/\/checkout\?.*$/, `/existing?id=${checkoutId}`));
  const frame = page.locator("form.paymentWidgets iframe").contentFrame();
  await bank(frame).getByRole("button", { name: "Complete authentication" }).click();
  await expect(page).toHaveURL(/\/result\?/);
});

test("a challenge left unanswered times out as a failed attempt", async ({ page }) => {
  test.setTimeout(40_000);
  const frame = await payAndOpenChallenge(page, CHALLENGE_OK);
  // THREEDS_TIMEOUT_MS is 8 s in the e2e service.
  await expect(frame.getByRole("alert")).toHaveText("Authentication failed. Attempts left: 2.", {
    timeout: 15_000,
  });
});

test("Portuguese: the frame and the issuer's page speak the checkout's language", async ({ page }) => {
  const frame = await payAndOpenChallengeIn(page);
  await expect(bank(frame).getByRole("button", { name: "Concluir autenticação" })).toBeVisible();
  await bank(frame).getByRole("button", { name: "Falhar autenticação" }).click();
  await expect(frame.getByRole("alert")).toHaveText("A autenticação falhou. Tentativas restantes: 2.");
});

async function payAndOpenChallengeIn(page: Page) {
  const { frame } = await openCheckout(page, "lang=PT");
  await fillCard(
    frame,
    { number: CHALLENGE_OK },
    {
      holder: "Nome do titular",
      number: "Número do cartão",
      expiry: "Validade",
      cvc: "Código de segurança",
    },
  );
  await frame.getByRole("button", { name: /^Pagar/ }).click();
  await expect(frame.getByRole("heading", { name: "Confirme com o seu banco" })).toBeVisible();
  return frame;
}

test("a card saved from 3220 asks for the challenge on every payment", async ({ page }) => {
  const customer = await newCustomer();
  await saveCard(customer, CHALLENGE_OK);
  for (let i = 0; i < 2; i++) {
    const frame = await openMerchantPage(page, `customer=${customer}`);
    await frame.getByLabel("Security code").fill("123");
    await frame.getByRole("button", { name: /^Pay/ }).click();
    await bank(frame).getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/result\?/);
  }
});
