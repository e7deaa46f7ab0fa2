import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggableUrl } from "../src/http/loggable-url";
import { embedCheckoutBody } from "./helpers";
import { freePort, type ServiceProcess, spawnService } from "./process";

const EMAIL = "ada.lovelace@example.com";
const PHONE = "912345678";

let root: string;
let service: ServiceProcess;
let dataDir: string;
let logs = "";
/** Modes (octal) of the data files while the service runs (a clean stop removes the WAL). */
let modes: Record<string, string> = {};

const mode = (path: string) => statSync(path).mode & 0o777;

async function call(path: string, init: { method?: string; body?: unknown; key?: boolean } = {}) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.key !== false && { authorization: "Bearer sk_test_sandbox" }),
      ...(init.body !== undefined && { "content-type": "application/json" }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's fields freely
  const body: any = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "sandbox-files-"));
  dataDir = join(root, "data", "nested");
  service = await spawnService(
    { DATABASE_URL: `file:${join(dataDir, "sandbox.db")}`, LOG_LEVEL: "debug", MBWAY_AUTO_APPROVE_MS: "0" },
    await freePort(),
  );
  // Requests that carry an e-mail address or a phone number in every place a URL can hold one.
  await call("/customers", { method: "POST", body: { customerId: "C-1", email: EMAIL } });
  await call(`/customers?email=${encodeURIComponent(EMAIL)}&limit=5`);
  await call(`/customers?email=${EMAIL}&type=CC&startingAfter=abc`);
  await call(`/customers/${EMAIL}`);
  await call(`/customers?${EMAIL}=1&phone=351%23${PHONE}`);
  await call(`/payments/351%23${PHONE}`);
  await call(`/payments/+351${PHONE}`);
  const checkout = await call("/checkouts", { method: "POST", body: embedCheckoutBody() });
  await call(`/frame-api/checkouts/${checkout.body.data.id}/mbway-payments`, {
    method: "POST",
    key: false,
    body: { phoneNumber: `351#${PHONE}` },
  });
  modes = Object.fromEntries(
    ["..", ".", "sandbox.db", "sandbox.db-wal", "sandbox.db-shm"].map((f) => [
      f,
      mode(join(dataDir, f)).toString(8),
    ]),
  );
  service.child.kill("SIGTERM");
  await new Promise((resolve) => service.child.once("exit", resolve));
  logs = service.output();
});
afterAll(() => {
  if (service.child.exitCode === null) service.child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

describe("data files", () => {
  it("the database directory is created 0700 and its files are 0600", () => {
    expect(modes).toEqual({
      "..": "700",
      ".": "700",
      "sandbox.db": "600",
      "sandbox.db-wal": "600",
      "sandbox.db-shm": "600",
    });
  });
});

describe("log lines", () => {
  it("never contain an e-mail address or a phone number, and keep only allow-listed query values", () => {
    expect(logs).toContain('"url":"/customers?email=[redacted]&limit=5"');
    expect(logs).toContain("type=CC");
    expect(logs).toContain("startingAfter=abc");
    expect(logs).toContain("mbway-payments");
    const decoded = logs.replace(/%40/gi, "@").replace(/%23/gi, "#");
    expect(decoded).not.toContain(EMAIL);
    expect(decoded).not.toContain("example.com");
    expect(decoded).not.toContain(PHONE);
  });

  it("loggableUrl redacts every query value but limit, startingAfter and type", () => {
    expect(loggableUrl("/customers?limit=5&startingAfter=cus_1&type=MW")).toBe(
      "/customers?limit=5&startingAfter=cus_1&type=MW",
    );
    expect(loggableUrl("/customers?customerId=C-1&email=a%40b.pt")).toBe(
      "/customers?customerId=[redacted]&email=[redacted]",
    );
    expect(loggableUrl("/customers?limit=a%40b.pt")).toBe("/customers?limit=[redacted]");
    expect(loggableUrl("/customers?a@b.pt=1")).toBe("/customers?[redacted]");
    expect(loggableUrl("/payments/351%23912345678")).toBe("/payments/[redacted]");
    expect(loggableUrl("/health")).toBe("/health");
  });
});
