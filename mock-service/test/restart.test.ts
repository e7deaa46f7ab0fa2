import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, runCli, spawnService } from "./process";

const dir = mkdtempSync(join(tmpdir(), "sandbox-restart-"));
const env = { DATABASE_URL: `file:${join(dir, "sandbox.db")}` };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const auth = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });

describe("a real process on a SQLite file", () => {
  it("keeps every acknowledged write across kill -9, and the CLI's merchant works against it", async () => {
    const port = await freePort();
    const first = await spawnService(env, port);
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${first.baseUrl}/customers`, {
        method: "POST",
        headers: auth("sk_test_sandbox"),
        body: JSON.stringify({ customerId: `K-${i}` }),
      });
      if (res.status === 201) acknowledged.push(((await res.json()) as { data: { uuid: string } }).data.uuid);
    }
    expect(acknowledged).toHaveLength(20);
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));

    const created = await runCli(["create", "--name", "Second shop", "--json"], env);
    expect(created.code, created.stderr).toBe(0);
    const merchant = JSON.parse(created.stdout.trim().split("\n").pop() ?? "{}");
    expect(merchant).toMatchObject({
      apiKey: expect.stringMatching(/^sk_test_/),
      entity: expect.stringMatching(/^\d{5}$/),
    });
    expect(merchant.signingSecret).toBeTruthy();
    expect(merchant.id).toBeTruthy();

    const second = await spawnService(env, port);
    try {
      const list = await fetch(`${second.baseUrl}/customers?limit=100`, { headers: auth("sk_test_sandbox") });
      const uuids = ((await list.json()) as { data: { uuid: string }[] }).data.map((c) => c.uuid);
      expect(uuids).toEqual(acknowledged);

      const own = await fetch(`${second.baseUrl}/customers`, { headers: auth(merchant.apiKey) });
      expect(own.status).toBe(200);
      expect(((await own.json()) as { data: unknown[] }).data).toEqual([]);
      const reference = await fetch(`${second.baseUrl}/payments/references`, {
        method: "POST",
        headers: auth(merchant.apiKey),
        body: JSON.stringify({
          type: "payment",
          amount: 999,
          availableMethods: [{ code: "MB" }],
          validDate: {
            start: new Date().toISOString(),
            end: new Date(Date.now() + 86_400_000).toISOString(),
          },
        }),
      });
      const body = (await reference.json()) as { data: { referenceDetails: { entity: string } } };
      expect(body.data.referenceDetails.entity).toBe(merchant.entity);
    } finally {
      second.child.kill("SIGTERM");
      await new Promise((r) => second.child.once("exit", r));
    }
    expect(second.child.exitCode).toBe(0);
  });

  it("the CLI explains its usage", async () => {
    const res = await runCli(["create"], env);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("usage");
  });
});
