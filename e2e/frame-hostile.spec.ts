import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { MERCHANT_URL, openCheckout, SERVICE_URL } from "./support/card-checkout";

/** A page on its own origin (another port) that frames whatever it is given. */
async function startHostileSite(frameUrl: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>Hostile</title><iframe title="checkout" src="${frameUrl()}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test("a page on another origin cannot frame a checkout", async ({ page, request }) => {
  // The merchant cannot register a wildcard that would let another page in...
  const wildcard = await request.post(`${SERVICE_URL}/checkouts`, {
    headers: { authorization: "Bearer sk_test_sandbox" },
    data: {
      payment: { amount: 500, code: "SKU-1", summary: "A nice thing" },
      page: { layout: "embed", language: "EN" },
      redirects: [{ type: "action", url: `http://*:${new URL(MERCHANT_URL).port}/result` }],
    },
  });
  expect(wildcard.status()).toBe(400);
  expect((await wildcard.json()).error.details[0].path).toBe("redirects.0.url");

  // ...and a checkout the merchant's page shows is refused to a page on another origin.
  const { checkoutId } = await openCheckout(page);
  const hostile = await startHostileSite(() => `${SERVICE_URL}/checkout-frame/${checkoutId}`);
  try {
    await page.goto(hostile.url);
    await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-error:"))).toBe(true);
    const frame = page.locator("iframe").contentFrame();
    await expect(frame.getByRole("button", { name: /pay/i })).toHaveCount(0);
  } finally {
    hostile.server.close();
  }
});
