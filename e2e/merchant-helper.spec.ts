// Written as a merchant would write their own suite: their page, their checkouts, and the sandbox's
// testing helper for every step in the checkout frame.
import { test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import { checkoutPage, createCheckout, openPage, SHOP, startShop } from "./support/own-shop";

let stopShop: () => Promise<void>;
test.beforeAll(async () => {
  stopShop = await startShop();
});
test.afterAll(() => stopShop());

test("card: 4242 pays and the shopper lands on the shop's page with ?id=", async ({ page }) => {
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl));
  await sandboxCheckout(page).payWithCard({ number: "4242 4242 4242 4242" });
  await page.waitForURL(`${SHOP}/done?id=${checkout.id}`);
});

test("card: a declined card says why, then another card pays", async ({ page }) => {
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl));
  const pay = sandboxCheckout(page);
  await pay.payWithCard({ number: "4000 0000 0000 9995" });
  await pay.expectDeclined("insufficient funds");
  await pay.payWithCard({ number: "5555 5555 5555 4444", cvc: "737" });
  await page.waitForURL(`${SHOP}/done?id=${checkout.id}`);
});

test("card: an American Express number (with its four-digit code) that is no test card", async ({ page }) => {
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl));
  const pay = sandboxCheckout(page);
  await pay.payWithCard({ number: "3782 822463 10005", holder: "Grace Hopper" });
  await pay.expectDeclined("use a test card");
});

test("MB WAY: the shopper approves in the app (911111111)", async ({ page }) => {
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl));
  await sandboxCheckout(page).payWithMbway("911111111");
  await page.waitForURL(`${SHOP}/done?id=${checkout.id}`);
});

test("MB WAY: declined in the app (922222222)", async ({ page }) => {
  const checkout = await createCheckout({ method: "MW" });
  await openPage(page, checkoutPage(checkout.checkoutUrl));
  const pay = sandboxCheckout(page);
  await pay.payWithMbway("922222222");
  await pay.expectDeclined();
});

test("the helper speaks the form's language: a Portuguese form", async ({ page }) => {
  const checkout = await createCheckout();
  await openPage(page, checkoutPage(checkout.checkoutUrl, 'data-locale="pt"'));
  const pay = sandboxCheckout(page);
  await pay.payWithCard({ number: "4000 0000 0000 0002" });
  await pay.expectDeclined("cartão foi recusado");
});

test("two checkouts on one page: the helper takes the form it is given", async ({ page }) => {
  const [first, second] = [await createCheckout(), await createCheckout()];
  await openPage(
    page,
    `<!doctype html><html lang="en"><head><title>Two</title></head><body>
<form id="a" action="${SHOP}/done" class="paymentWidgets"></form><script src="${first.checkoutUrl}"></script>
<form id="b" action="${SHOP}/done" class="paymentWidgets"></form><script src="${second.checkoutUrl}"></script>
</body></html>`,
  );
  await sandboxCheckout(page.locator("form#b")).payWithCard({ number: "4242424242424242" });
  await page.waitForURL(`${SHOP}/done?id=${second.id}`);
});
