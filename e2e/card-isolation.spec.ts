import { expect, test } from "@playwright/test";
import { fillCard, openCheckout, VISA_OK } from "./support/card-checkout";

test("a script of the merchant page finds no card number anywhere it can reach", async ({ page }) => {
  // Everything the frame posts to the merchant page, recorded by the page itself.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    window.addEventListener("message", (event) => seen.push(JSON.stringify(event.data)));
    // And every checkout event the loader dispatches on the form.
    for (const type of ["checkout:ready", "checkout:brand", "checkout:error", "checkout:complete"]) {
      document.addEventListener(type, (event) =>
        seen.push(`${type} ${JSON.stringify((event as CustomEvent).detail)}`),
      );
    }
  });
  const { frame } = await openCheckout(page);
  await fillCard(frame, { number: VISA_OK, cvc: "987" });
  await frame.getByLabel("Cardholder name").focus(); // the frame resizes and reports while typing

  const reachable = await page.evaluate(() => {
    const iframe = document.querySelector("form.paymentWidgets iframe") as HTMLIFrameElement;
    let frameDocument = "blocked";
    try {
      frameDocument = String(iframe.contentWindow?.document.body.innerHTML);
    } catch {
      // cross-origin: the merchant page cannot read the frame
    }
    const storage = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`);
    return {
      contentDocument: iframe.contentDocument === null,
      frameDocument,
      text: [
        document.documentElement.outerHTML,
        ...storage(localStorage),
        ...storage(sessionStorage),
        document.cookie,
        window.name,
        iframe.src,
        ...performance.getEntries().map((entry) => entry.name),
        ...(window as unknown as { __messages: string[] }).__messages,
      ].join("\n"),
      messages: (window as unknown as { __messages: string[] }).__messages,
    };
  });

  expect(reachable.contentDocument).toBe(true);
  expect(reachable.frameDocument).toBe("blocked");
  expect(reachable.messages.length).toBeGreaterThan(0); // the channel works, it just carries no card
  expect(reachable.messages).toContain('checkout:brand {"brand":"VISA"}'); // facts do cross, card data never
  for (const secret of [VISA_OK, "4242 4242 4242 4242", "987"]) {
    expect(reachable.text).not.toContain(secret);
  }
});

test("the checkout events a decline and a payment cause carry facts, never the card", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __events: string[] }).__events = seen;
    for (const type of ["checkout:ready", "checkout:brand", "checkout:error", "checkout:complete"]) {
      document.addEventListener(type, (event) => {
        seen.push(`${type} ${JSON.stringify((event as CustomEvent).detail)}`);
        event.preventDefault(); // stay on the page to read them
      });
    }
  });
  const { frame } = await openCheckout(page);
  await fillCard(frame, { number: "4000000000000002", cvc: "987", holder: "Ada Secret" });
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await expect(frame.getByRole("alert")).toContainText("declined");
  await frame.getByLabel("Card number").fill(VISA_OK);
  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  const seen = () => page.evaluate(() => (window as unknown as { __events: string[] }).__events);
  await expect
    .poll(async () => (await seen()).some((line) => line.startsWith("checkout:complete")))
    .toBe(true);
  const text = (await seen()).join("\n");
  expect(text).toContain('"code":"card_declined"');
  for (const secret of ["4000000000000002", "0000 0002", VISA_OK, "4242 4242", "987", "Ada Secret"]) {
    expect(text).not.toContain(secret);
  }
});
