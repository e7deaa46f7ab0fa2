// Runs last (files run in name order, one worker): after every flow of the suite has paid with test
// cards, no card number may be found in the database, its WAL, the service's log or the demo's data;
// and no e-mail address or phone number may be found in the service's log.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

const CARD_NUMBERS = [
  "4242424242424242",
  "5555555555554444",
  "4000000000000002",
  "4000000000009995",
  "4000000000000069",
];
const PLACES = ["test-results/e2e-db", "test-results/e2e-demo"];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test("no card number is stored or logged anywhere after the suite", async () => {
  const files = PLACES.flatMap(filesUnder);
  expect(files.some((f) => f.endsWith("sandbox.db"))).toBe(true);
  expect(files.some((f) => f.endsWith("service.log"))).toBe(true);
  const log = readFileSync("test-results/e2e-db/service.log", "latin1");
  expect(log).toContain("card-payments"); // the log did see the payments
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    const compact = text.replace(/[\s-]/g, "");
    for (const number of CARD_NUMBERS) {
      expect(compact.includes(number), `${number} found in ${file}`).toBe(false);
    }
  }
});

/** An e-mail address, or a phone number as the API takes it (`351#912345678`) or as people write it. */
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const PHONE = /\d{1,4}#\d{4,14}|\+\d[\d ]{7,16}\d|\b9[1236]\d{7}\b/;

test("no e-mail address or phone number is logged after the suite", async () => {
  const log = readFileSync("test-results/e2e-db/service.log", "utf8");
  expect(log).toContain("/customers"); // the log did see customer requests (filtered by e-mail, too)
  expect(log).toContain("mbway-payments"); // and MB WAY payments (with phone numbers)
  for (const line of log.split("\n")) {
    const decoded = line.replace(/%40/gi, "@").replace(/%23/gi, "#").replace(/%2B/gi, "+");
    expect(EMAIL.exec(decoded)?.[0], `e-mail address in: ${line}`).toBeUndefined();
    expect(PHONE.exec(decoded)?.[0], `phone number in: ${line}`).toBeUndefined();
  }
});
