// Helpers shared by the MB WAY e2e specs (e2e/mbway-*.spec.ts).
import { expect, type FrameLocator, type Page } from "@playwright/test";
import { MERCHANT_URL, SERVICE_URL } from "./card-checkout";

export const APPROVES = "911111111";
export const DECLINES = "922222222";
export const NEVER_ANSWERS = "933333333";
/** Any other valid mobile waits for the simulator (POST /sandbox/mbway/{paymentId}/approve). */
export const WAITS = "912345678";

export interface OpenedMbway {
  frame: FrameLocator;
  checkoutId: string;
}

/**
 * Opens a merchant page (`/checkout?method=…`) and waits for the frame's first form. With
 * `choose`, clicks the MB WAY tab (a checkout offering several methods opens on the first one).
 */
export async function openMbway(page: Page, query: string, choose = false): Promise<OpenedMbway> {
  await page.goto(`${MERCHANT_URL}/checkout?${query}`);
  const checkoutId = (await page.locator(".checkout-id").first().textContent()) ?? "";
  const frame = page.locator("form.paymentWidgets iframe").first().contentFrame();
  await expect(frame.getByRole("button", { name: /pay|pagar/i })).toBeVisible();
  if (choose) await frame.getByRole("tab", { name: "MB WAY" }).click();
  return { frame, checkoutId };
}

/** Types the phone (Portugal is preselected) and presses Pay. */
export async function payByPhone(frame: FrameLocator, number: string, label = "Phone number"): Promise<void> {
  await frame.getByLabel(label).fill(number);
  await frame.getByRole("button", { name: /pay|pagar/i }).click();
}

/** Plays the shopper's answer in the MB WAY app, with the merchant key. */
export async function simulateAnswer(paymentId: string, answer: "approve" | "decline"): Promise<number> {
  const response = await fetch(`${SERVICE_URL}/sandbox/mbway/${paymentId}/${answer}`, {
    method: "POST",
    headers: { authorization: "Bearer sk_test_sandbox" },
  });
  return response.status;
}
