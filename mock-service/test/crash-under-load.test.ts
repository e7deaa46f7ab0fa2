import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, type ServiceProcess, spawnService } from "./process";

const dir = mkdtempSync(join(tmpdir(), "sandbox-crash-"));
const KEY = { authorization: "Bearer sk_test_sandbox", "content-type": "application/json" };
let receiver: Server | undefined;
let service: ServiceProcess | undefined;
afterAll(() => {
  service?.child.kill("SIGKILL");
  receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(baseUrl: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: KEY, body: JSON.stringify(body) });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown> & { id: string } },
  };
}

describe("crash under load", () => {
  it("keeps every acknowledged write, confirms each paid reference once with one event, delivered", async () => {
    const received = new Map<string, number>();
    receiver = createServer((req, res) => {
      const id = req.headers["x-event-id"];
      if (typeof id === "string") received.set(id, (received.get(id) ?? 0) + 1);
      req.resume();
      req.on("end", () => res.writeHead(200).end("ok"));
    });
    const receiverPort = await freePort();
    await new Promise<void>((r) => receiver?.listen(receiverPort, "127.0.0.1", r));

    const port = await freePort();
    const env = {
      DATABASE_URL: `file:${join(dir, "sandbox.db")}`,
      NOTIFY_RETRY_DELAYS: "100,200,400,800,1000,1000,1000",
      NOTIFY_POLL_MS: "50",
    };
    service = await spawnService(env, port);
    const baseUrl = service.baseUrl;
    const hook = await post(baseUrl, "/webhooks", {
      url: `http://127.0.0.1:${receiverPort}/hook`,
      events: ["payment.confirmed"],
    });
    expect(hook.status).toBe(201);

    const acked = { customers: [] as string[], checkouts: [] as string[], references: [] as string[] };
    const paid: string[] = [];
    const maybePaid: string[] = [];
    let running = true;
    let n = 0;

    async function worker(w: number) {
      while (running) {
        const i = n++;
        try {
          const c = await post(baseUrl, "/customers", { customerId: `crash-${w}-${i}` });
          if (c.status === 201) acked.customers.push(c.body.data.uuid as string);
          const ck = await post(baseUrl, "/checkouts", {
            payment: { amount: 100 + i },
            redirects: [{ type: "action", url: "https://shop.example/r" }],
          });
          if (ck.status === 201) acked.checkouts.push(ck.body.data.id);
          const ref = await post(baseUrl, "/payments/references", {
            type: "payment",
            amount: 200 + i,
            availableMethods: [{ code: "MB" }],
            validDate: {
              start: new Date(Date.now() - 60_000).toISOString(),
              end: new Date(Date.now() + 3_600_000).toISOString(),
            },
          });
          if (ref.status !== 201) continue;
          acked.references.push(ref.body.data.id);
          const details = ref.body.data.referenceDetails as { entity: string; reference: string };
          maybePaid.push(ref.body.data.id);
          const pay = await post(baseUrl, "/sandbox/multibanco/payments", { ...details, amount: 200 + i });
          if (pay.status === 200) paid.push(ref.body.data.id);
        } catch {
          await sleep(50); // the service is down: wait for the restart
        }
      }
    }

    const workers = [0, 1, 2, 3].map((w) => worker(w));
    const kills = 3;
    for (let k = 0; k < kills; k++) {
      await sleep(300 + Math.random() * 700);
      service.child.kill("SIGKILL");
      await new Promise((r) => service?.child.once("exit", r));
      service = await spawnService(env, port);
    }
    await sleep(300);
    running = false;
    await Promise.all(workers);

    expect(acked.customers.length).toBeGreaterThan(10);
    expect(paid.length).toBeGreaterThan(5);

    const get = async (path: string) => {
      const res = await fetch(`${baseUrl}${path}`, { headers: KEY });
      return {
        status: res.status,
        body: (await res.json()) as { data: Record<string, unknown> & { stateDetails: { state: string } } },
      };
    };
    for (const uuid of acked.customers) expect((await get(`/customers/${uuid}`)).status).toBe(200);
    for (const id of acked.checkouts) expect((await get(`/checkouts/${id}`)).status).toBe(200);
    for (const id of acked.references) expect((await get(`/payments/${id}`)).status).toBe(200);

    const confirmedEvents: string[] = [];
    for (const id of maybePaid) {
      const payment = await get(`/payments/${id}`);
      const events = await fetch(`${baseUrl}/events?paymentId=${id}&type=payment.confirmed`, {
        headers: KEY,
      });
      const list = ((await events.json()) as { data: { id: string }[] }).data;
      if (paid.includes(id)) expect(payment.body.data.stateDetails.state).toBe("confirmed");
      if (payment.body.data.stateDetails.state === "confirmed") {
        expect(list, `events of ${id}`).toHaveLength(1);
        confirmedEvents.push(list[0]?.id as string);
      } else {
        expect(list).toHaveLength(0);
      }
    }

    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && confirmedEvents.some((id) => !received.has(id))) await sleep(100);
    const missing = confirmedEvents.filter((id) => !received.has(id));
    expect(missing).toEqual([]);
    console.log(
      `crash-under-load: ${kills} kills; acknowledged ${acked.customers.length} customers, ${acked.checkouts.length} checkouts, ` +
        `${acked.references.length} references; ${confirmedEvents.length} confirmed, all delivered ` +
        `(${[...received.values()].reduce((a, b) => a + b, 0)} deliveries received)`,
    );
  }, 90_000);
});
