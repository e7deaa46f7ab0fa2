import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutPage } from "./views/checkout-page";

const README = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");

/** The card numbers of the README's sandbox test data table. */
function readmeCards(): string[] {
  const section = README.slice(README.indexOf("## Sandbox test data"));
  return [...section.matchAll(/^\| `(\d{4} \d{4} \d{4} \d{4})` \|/gm)].map((m) => m[1] as string);
}

describe("the demo's list of test cards", () => {
  it("includes every card the README lists", () => {
    const cards = readmeCards();
    expect(cards.length).toBeGreaterThanOrEqual(6);
    const page = checkoutPage({
      order: {
        orderId: "o-1",
        checkoutId: "ck_AAAAAAAAAAAAAAAAAAAA",
        kind: "purchase",
        summary: "A mug",
        amount: 1200,
        language: "EN",
        checkoutUrl: "http://service.test/embed/ck_AAAAAAAAAAAAAAAAAAAA?page_layout=embed",
        state: "PaymentReady",
        createdAt: "2026-11-24T10:15:00.000Z",
      },
      resultUrl: "http://shop.test/result",
    });
    for (const card of cards) expect(page, card).toContain(`<code>${card}</code>`);
  });
});
