import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../../mock-service/test/helpers";
import { createPaymentsClient } from "./payments-client";
import { ShopRecords } from "./store/records";
import { ensureWebhook } from "./webhook-registration";

const URL = "http://127.0.0.1:9/webhooks/payments";
let service: TestService;
let dir: string;

beforeAll(async () => {
  service = await startTestService({}, { workers: false });
  dir = mkdtempSync(join(tmpdir(), "demo-webhook-"));
});

afterAll(async () => {
  await service.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe("webhook registration at start", () => {
  it("registers once, reuses it with the kept secret, and replaces an endpoint whose secret was lost", async () => {
    const client = createPaymentsClient({ baseUrl: service.baseUrl, apiKey: "sk_test_sandbox" });
    const first = await ensureWebhook(client, new ShopRecords(join(dir, "a")), URL);
    expect(first.secret).toMatch(/^whsec_/);

    // A restart with the same data folder keeps the endpoint and its secret.
    const again = await ensureWebhook(client, new ShopRecords(join(dir, "a")), URL);
    expect(again).toEqual(first);

    // A wiped data folder cannot know the secret: the old endpoint is replaced.
    const fresh = await ensureWebhook(client, new ShopRecords(join(dir, "b")), URL);
    expect(fresh.id).not.toBe(first.id);
    const ours = (await client.listWebhooks()).filter((w) => w.url === URL);
    expect(ours.map((w) => w.id)).toEqual([fresh.id]);
  });
});
