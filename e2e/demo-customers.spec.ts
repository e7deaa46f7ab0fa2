import { expect, test } from "@playwright/test";
import { sandboxCheckout } from "payments-sandbox/testing";
import { attachScreenshot, DEMO_URL, expectNoAxeViolations, serviceApi, unique } from "./support/demo-shop";

test("customers: create one, save a card through a checkout, see it listed, filter, remove it", async ({
  page,
}, testInfo) => {
  const id = `E2E-${unique()}`;
  await page.goto(`${DEMO_URL}/customers`);
  const create = page.getByRole("region", { name: "Create a customer" });
  await create.getByLabel("Customer number").fill(id);
  await create.getByLabel("First name").fill("Ana");
  await create.getByLabel("Last name").fill("Silva");
  await create.getByLabel("E-mail").fill(`${id.toLowerCase()}@example.com`);
  await create.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Customer ${id}`);
  await expect(page.getByRole("status")).toHaveText("Customer created.");
  await expect(page.getByText("No stored payment methods.")).toBeVisible();
  const customerUrl = page.url().split("?")[0] ?? "";
  const storedCard = page.getByRole("listitem").filter({ hasText: "Visa ending in 4242" });

  await page.getByRole("button", { name: "Save a card" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save a card");
  await sandboxCheckout(page).payWithCard({ number: "4242 4242 4242 4242", holder: "Ana Silva" });
  await page.waitForURL(`${DEMO_URL}/result?id=*`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Card saved");
  await attachScreenshot(page, testInfo, "12-card-saved");

  await page.getByRole("link", { name: "Back to the customer" }).click();
  await expect(page).toHaveURL(customerUrl);
  await expect(storedCard).toBeVisible();
  await expect(storedCard).toContainText("Ana Silva · expires 12/");
  await attachScreenshot(page, testInfo, "13-customer-with-card");
  await expectNoAxeViolations(page, testInfo, "customer");

  await page.getByLabel("Show").selectOption("MW");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No stored payment methods of this type.")).toBeVisible();
  await page.getByLabel("Show").selectOption("CC");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(storedCard).toBeVisible();

  await page.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
  await expect(page.getByRole("status")).toHaveText("Payment method removed.");
  await expect(page.getByText("No stored payment methods.")).toBeVisible();
  await expect(storedCard).toHaveCount(0);
});

test("customers: filter by e-mail and customer number, page with a limit", async ({ page }, testInfo) => {
  const run = unique();
  for (let i = 1; i <= 6; i++) {
    await serviceApi("POST", "/customers", {
      customerId: `P-${run}-${i}`,
      email: `p${i}-${run}@example.com`,
    });
  }
  await page.goto(`${DEMO_URL}/customers`);
  const find = page.getByRole("region", { name: "Find customers" });

  await find.getByLabel("E-mail").fill(`p3-${run}@example.com`);
  await find.getByRole("button", { name: "Search" }).click();
  await expect(find.getByRole("row")).toHaveCount(2); // header + one customer
  await expect(find.getByRole("link", { name: `P-${run}-3` })).toBeVisible();

  await page.goto(`${DEMO_URL}/customers`);
  await find.getByLabel("Customer number").fill(`P-${run}-5`);
  await find.getByRole("button", { name: "Search" }).click();
  await expect(find.getByRole("link", { name: `P-${run}-5` })).toBeVisible();
  await expect(find.getByRole("row")).toHaveCount(2);

  await page.goto(`${DEMO_URL}/customers`);
  await find.getByLabel("Per page").selectOption("5");
  await find.getByRole("button", { name: "Search" }).click();
  await expect(find.getByRole("row")).toHaveCount(6);
  await attachScreenshot(page, testInfo, "11-customers");
  await expectNoAxeViolations(page, testInfo, "customers");
  const firstPage = await find.getByRole("row").allTextContents();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/startingAfter=/);
  const secondPage = await find.getByRole("row").allTextContents();
  expect(secondPage.slice(1).some((row) => firstPage.includes(row))).toBe(false);
  await expect(page.getByRole("link", { name: "First page" })).toBeVisible();
});

test("customers: a duplicate customer number is explained next to the field", async ({ page }, testInfo) => {
  const id = `DUP-${unique()}`;
  await serviceApi("POST", "/customers", { customerId: id });
  await page.goto(`${DEMO_URL}/customers`);
  const create = page.getByRole("region", { name: "Create a customer" });
  await create.getByLabel("Customer number").fill(id);
  await create.getByLabel("E-mail").fill("not-an-email");
  await create.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(create.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByText("E-mail must be an e-mail address.")).toBeVisible();
  await expectNoAxeViolations(page, testInfo, "customers-errors");

  await create.getByLabel("E-mail").fill("");
  await create.getByRole("button", { name: "Create customer" }).click();
  await expect(create.getByText("Another customer already has this customer number.")).toBeVisible();
});
