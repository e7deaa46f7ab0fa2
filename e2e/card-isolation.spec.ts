import { expect, test } from "@playwright/test";
import { fillCard, openCheckout, VISA_OK } from "./support/card-checkout";

test("a script of the merchant page finds no card number anywhere it can reach", async ({ page }) => {
  // Everything the frame posts to the merchant page, recorded by the page itself.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    window.addEventListener("message", (event) => seen.push(JSON.stringify(event.data)));
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
  for (const secret of [VISA_OK, "4242 4242 4242 4242", "987"]) {
    expect(reachable.text).not.toContain(secret);
  }
});
