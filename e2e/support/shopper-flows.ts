// Helpers for the saved-card, 3-D Secure and Multibanco e2e specs: set-up through the APIs, as a
// merchant's server (and a previous visit of the shopper) would have done it.
import { expect, type Page } from "@playwright/test";
import { MERCHANT_URL, SERVICE_URL } from "./card-checkout";

const KEY = { authorization: "Bearer sk_test_sandbox" };

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = KEY,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e responses are inspected freely
): Promise<any> {
  const response = await fetch(`${SERVICE_URL}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data?: unknown; error?: unknown };
  expect(response.ok, `${method} ${path}: ${JSON.stringify(json.error)}`).toBe(true);
  return json.data;
}

export async function newCustomer(): Promise<string> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return (await call("POST", "/customers", { customerId: `e2e-saved-${stamp}`, firstName: "Ada" })).uuid;
}

/** Saves a card for the customer: a registration checkout paid with it (its challenge completed). */
export async function saveCard(customerUuid: string, number: string, expiryYear = "2034"): Promise<string> {
  const checkout = await call("POST", "/checkouts", {
    payment: {
      amount: 100,
      customer: { uuid: customerUuid },
      recurring: { amountQualifier: "ESTM" },
      paymentMethod: { code: "CC", details: { createRegistration: true } },
    },
    redirects: [{ type: "action", url: "https://shop.example/saved" }],
  });
  const frameHeaders = {};
  const paid = await call(
    "POST",
    `/frame-api/checkouts/${checkout.id}/card-payments`,
    { holder: "Ada Lovelace", number, expiryMonth: "12", expiryYear, cvc: "123" },
    frameHeaders,
  );
  if (paid.challenge) {
    await call(
      "POST",
      `/frame-api/checkouts/${checkout.id}/challenge-result`,
      { result: "complete" },
      frameHeaders,
    );
  }
  const status = await call("GET", `/checkouts/${checkout.id}`);
  return status.result.registrationId;
}

export function sandbox(path: string, body?: unknown) {
  return call("POST", path, body);
}

/** The merchant page's checkout id and its payment id. */
export async function idsOf(page: Page): Promise<{ checkoutId: string; paymentId: string }> {
  const checkoutId = (await page.locator(".checkout-id").first().textContent()) ?? "";
  const status = await call("GET", `/checkouts/${checkoutId}`);
  return { checkoutId, paymentId: status.paymentId };
}

/** Opens a merchant page (`/checkout?…`); its first checkout's frame. */
export async function openMerchantPage(page: Page, query: string) {
  await page.goto(`${MERCHANT_URL}/checkout?${query}`);
  return page.locator("form.paymentWidgets").first().locator("iframe").contentFrame();
}
