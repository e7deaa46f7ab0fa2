// Helpers shared by the card e2e specs (e2e/card-*.spec.ts).
import { expect, type FrameLocator, type Page } from "@playwright/test";
import { MERCHANT_SITE_PORT, SERVICE_PORT } from "../../playwright.config";

export const SERVICE_URL = process.env.E2E_SERVICE_URL ?? `http://localhost:${SERVICE_PORT}`;
export const MERCHANT_URL = process.env.E2E_MERCHANT_URL ?? `http://127.0.0.1:${MERCHANT_SITE_PORT}`;
const API_KEY = "sk_test_sandbox";

export const VISA_OK = "4242424242424242";
export const MASTERCARD_OK = "5555555555554444";
export const DECLINED = "4000000000000002";

/** An expiry date two years ahead, as typed: `MM/YY`. */
export function futureExpiry(): string {
  const year = (new Date().getUTCFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, "0")}`;
}

export interface OpenedCheckout {
  frame: FrameLocator;
  checkoutId: string;
}

/** Opens a merchant page (`/checkout?...`) and waits for the card form inside the first iframe. */
export async function openCheckout(page: Page, query = "", index = 0): Promise<OpenedCheckout> {
  await page.goto(`${MERCHANT_URL}/checkout${query ? `?${query}` : ""}`);
  const checkoutId = (await page.locator(".checkout-id").nth(index).textContent()) ?? "";
  const frame = page.locator("form.paymentWidgets").nth(index).locator("iframe").contentFrame();
  await expect(frame.getByRole("button", { name: /pay|pagar/i })).toBeVisible();
  return { frame, checkoutId };
}

export interface Card {
  holder?: string;
  number: string;
  expiry?: string;
  cvc?: string;
}

export async function fillCard(frame: FrameLocator, card: Card, labels = ENGLISH_LABELS): Promise<void> {
  await frame.getByLabel(labels.holder).fill(card.holder ?? "Ada Lovelace");
  await frame.getByLabel(labels.number).fill(card.number);
  await frame.getByLabel(labels.expiry).fill(card.expiry ?? futureExpiry());
  await frame.getByLabel(labels.cvc).fill(card.cvc ?? "123");
}

export const ENGLISH_LABELS = {
  holder: "Cardholder name",
  number: "Card number",
  expiry: "Expiry date",
  cvc: "Security code",
};

/** The merchant API, with the sandbox key: what the merchant's server would see. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e responses are inspected freely
export async function merchantApi(path: string): Promise<any> {
  const response = await fetch(`${SERVICE_URL}${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
  expect(response.status, `GET ${path}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
}
