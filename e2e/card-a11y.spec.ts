import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { openCheckout } from "./support/card-checkout";

test("axe-core finds no violations in the card form, empty and with errors", async ({ page }) => {
  const { frame } = await openCheckout(page);
  const live = frame.getByRole("status");
  await expect(live).toBeAttached(); // the live region is there from the first render

  const empty = await new AxeBuilder({ page }).analyze();
  expect(empty.violations).toEqual([]);

  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await expect(frame.getByLabel("Cardholder name")).toHaveAttribute("aria-invalid", "true");
  const withErrors = await new AxeBuilder({ page }).analyze();
  expect(withErrors.violations).toEqual([]);
});

test("fields carry the card autocomplete tokens and numeric keyboards", async ({ page }) => {
  const { frame } = await openCheckout(page);
  const expected = [
    ["Cardholder name", "cc-name", null],
    ["Card number", "cc-number", "numeric"],
    ["Expiry date", "cc-exp", "numeric"],
    ["Security code", "cc-csc", "numeric"],
  ] as const;
  for (const [label, autocomplete, inputmode] of expected) {
    const field = frame.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("autocomplete", autocomplete);
    if (inputmode) await expect(field).toHaveAttribute("inputmode", inputmode);
  }
});
