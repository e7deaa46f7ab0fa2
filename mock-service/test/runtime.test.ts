import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embedCheckoutBody } from "./helpers";
import { freePort, spawnService } from "./process";

const dir = mkdtempSync(join(tmpdir(), "sandbox-runtime-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const headers = { authorization: "Bearer sk_test_sandbox", "content-type": "application/json" };
const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers, body: JSON.stringify(body) });

// CI runs this file under Node.js 24 and again under 22: the native SQLite binding must neither abort
// during normal work (garbage collection of statements after many writes and reads) nor at exit.
describe(`the service as a real process on Node.js ${process.version}`, () => {
  it("serves a checkout, a paid reference and hundreds of reads, then stops on SIGTERM with exit code 0", async () => {
    const service = await spawnService({ DATABASE_URL: `file:${join(dir, "sandbox.db")}` }, await freePort());
    const { baseUrl } = service;
    try {
      const checkout = await post(`${baseUrl}/checkouts`, embedCheckoutBody());
      expect(checkout.status).toBe(201);

      const reference = await post(`${baseUrl}/payments/references`, {
        type: "payment",
        amount: 1500,
        availableMethods: [{ code: "MB" }],
        validDate: { start: new Date().toISOString(), end: new Date(Date.now() + 86_400_000).toISOString() },
      });
      expect(reference.status).toBe(201);
      const payment = ((await reference.json()) as { data: { id: string; referenceDetails: object } }).data;
      const paid = await post(`${baseUrl}/sandbox/multibanco/payments`, {
        ...payment.referenceDetails,
        amount: 1500,
      });
      expect(paid.status).toBeLessThan(300);

      const reads = await Promise.all(
        Array.from({ length: 400 }, () =>
          fetch(`${baseUrl}/payments/${payment.id}`, { headers }).then(async (r) => {
            const body = (await r.json()) as { data: { stateDetails: { state: string } } };
            return r.status === 200 ? body.data.stateDetails.state : `HTTP ${r.status}`;
          }),
        ),
      );
      expect(new Set(reads)).toEqual(new Set(["confirmed"]));
    } finally {
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        service.child.once("exit", (code, signal) => resolve([code, signal])),
      );
      service.child.kill("SIGTERM");
      const [code, signal] = await exited;
      expect(service.output()).not.toMatch(/Assertion failed|Segmentation fault|core dumped/);
      expect(signal).toBeNull();
      expect(code).toBe(0);
    }
  });
});
