import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutPage } from "./views/checkout-page";

const read = (file: string) => readFileSync(resolve(import.meta.dirname, "../..", file), "utf8");

/** Every card number the README and the API guide (its sandbox test data table) show. */
function documentedCards(): string[] {
  const text = read("README.md") + read("docs/api.md");
  return [
    ...new Set(
      [...text.matchAll(/`(4\d{3} \d{4} \d{4} \d{4}|5\d{3} \d{4} \d{4} \d{4})`/g)].map((m) => m[1] as string),
    ),
  ];
}

describe("the demo's list of test cards", () => {
  it("includes every card the README and docs/api.md list", () => {
    const cards = documentedCards();
    expect(cards.length).toBeGreaterThanOrEqual(9);
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
