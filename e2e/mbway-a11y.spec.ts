import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { openMbway, payByPhone, WAITS } from "./support/mbway-checkout";

const axe = async (page: Parameters<typeof openMbway>[0]) =>
  (await new AxeBuilder({ page }).analyze()).violations;

test("axe-core finds no violations in the tabs, the MB WAY form (empty, with errors) and the await screen", async ({
  page,
}) => {
  const { frame } = await openMbway(page, "method=any", true);
  expect(await axe(page)).toEqual([]);

  await frame.getByRole("button", { name: "Pay €5.00" }).click();
  await expect(frame.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await expect(frame.getByLabel("Phone number")).toBeFocused();
  expect(await axe(page)).toEqual([]);

  await payByPhone(frame, WAITS);
  await expect(frame.getByRole("timer")).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await frame.getByRole("button", { name: "Cancel" }).click();
});

test("the phone field has the national-number autocomplete and the phone keyboard", async ({ page }) => {
  const { frame } = await openMbway(page, "method=MW");
  const phone = frame.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("autocomplete", "tel-national");
  await expect(phone).toHaveAttribute("inputmode", "tel");
  const options = frame.getByLabel("Country code").locator("option");
  await expect(options.first()).toHaveText("Portugal (+351)");
});

test("keyboard: one tab stop for the method tabs, arrows move and select", async ({ page }) => {
  const { frame } = await openMbway(page, "method=any");
  const card = frame.getByRole("tab", { name: "Card" });
  const mbway = frame.getByRole("tab", { name: "MB WAY" });
  await card.focus();
  await page.keyboard.press("ArrowRight");
  await expect(mbway).toBeFocused();
  await expect(mbway).toHaveAttribute("aria-selected", "true");
  await expect(frame.getByRole("tabpanel", { name: "MB WAY" })).toContainText("Phone number");
  await page.keyboard.press("Tab");
  await expect(frame.getByLabel("Country code")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(mbway).toBeFocused();
  await page.keyboard.press("Home");
  await expect(card).toHaveAttribute("aria-selected", "true");
});
