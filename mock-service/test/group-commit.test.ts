import fs, { mkdtempSync, rmSync } from "node:fs";
import { createServer, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emitEvent } from "../src/operations/events";
import { inTransaction } from "../src/operations/transaction";
import { authenticate } from "../src/operations/merchants";
import { type Db, openDatabase } from "../src/store/db";
import { CommitFailed, type Durability } from "../src/store/group-commit";
import { embedCheckoutBody, SANDBOX_KEY, startTestService, type TestService, waitFor } from "./helpers";
import { freePort, runCli } from "./process";

const dir = mkdtempSync(join(tmpdir(), "sandbox-group-commit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Watches every COMMIT run on any better-sqlite3 handle of this process; `failing` makes the next
 * ones throw (before committing) as a disk I/O error would.
 */
const commits = { count: 0, failing: 0 };
const exec = SQLite.prototype.exec;
vi.spyOn(SQLite.prototype, "exec").mockImplementation(function (this: SQLite.Database, source: string) {
  if (source === "COMMIT") {
    commits.count++;
    if (commits.failing > 0) {
      commits.failing--;
      throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" });
    }
  }
  return exec.call(this, source);
});
afterEach(() => {
  commits.failing = 0;
});

/** A second connection, as another process would see the file: committed data only. */
function outsider(file: string) {
  const other = new SQLite(file, { readonly: true });
  return {
    has: (table: string, column: string, value: string) =>
      other.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`).get(value) !== undefined,
    ids: (table: string) => other.prepare(`SELECT id FROM ${table}`).pluck().all() as string[],
    close: () => other.close(),
  };
}

describe("group commit in the store", () => {
  let db: Db;
  let storage: Durability;
  let file: string;
  beforeAll(async () => {
    file = join(dir, "store.db");
    ({ db, durability: storage } = await openDatabase(`file:${file}`));
    await sql`CREATE TABLE t (v TEXT PRIMARY KEY)`.execute(db);
    await storage.durable();
  });
  afterAll(() => db.destroy());

  const insert = (into: Db, v: string) => sql`INSERT INTO t (v) VALUES (${v})`.execute(into);

  it("commits the writes of one turn together; a rolled-back transaction leaves the others intact", async () => {
    const other = outsider(file);
    const before = commits.count;
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => insert(tx, "a")),
      db.transaction().execute(async (tx) => {
        await insert(tx, "b");
        throw new Error("the operation fails after writing");
      }),
      insert(db, "c"),
      db.transaction().execute(async (tx) => {
        await insert(tx, "d");
        await insert(tx, "a"); // constraint violation: SQLite undoes the statement, Kysely the transaction
      }),
      db.transaction().execute((tx) => insert(tx, "e")),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(storage.pending).toBe(true);
    expect(["a", "c", "e"].some((v) => other.has("t", "v", v))).toBe(false); // not committed yet

    await storage.durable();
    expect(commits.count - before).toBe(1);
    expect(["a", "b", "c", "d", "e"].filter((v) => other.has("t", "v", v))).toEqual(["a", "c", "e"]);
    other.close();
  });

  it("a failed COMMIT rolls the batch back and fails everyone who waits on it; the next batch works", async () => {
    await insert(db, "kept");
    await storage.durable();

    const epoch = storage.epoch;
    commits.failing = 1;
    await insert(db, "lost-1");
    await db.transaction().execute((tx) => insert(tx, "lost-2"));
    const waits = [storage.durable(epoch), storage.durable(epoch), storage.durable()];
    for (const wait of waits) await expect(wait).rejects.toBeInstanceOf(CommitFailed);
    expect(storage.failedSince(epoch)).toBe(true);
    expect(storage.pending).toBe(false);

    const { rows } = await sql<{ v: string }>`SELECT v FROM t WHERE v LIKE 'lost%' OR v = 'kept'`.execute(db);
    expect(rows.map((r) => r.v)).toEqual(["kept"]);

    const next = storage.epoch;
    await insert(db, "after");
    await storage.durable(next);
    expect(storage.failedSince(next)).toBe(false);
    const other = outsider(file);
    expect(other.has("t", "v", "after")).toBe(true);
    other.close();
  });

  it("a statement that ends the outer transaction fails its batch and the rest of its transaction", async () => {
    const epoch = storage.epoch;
    await insert(db, "neighbour");
    const failed = db.transaction().execute(async (tx) => {
      await insert(tx, "own");
      await sql.raw("ROLLBACK").execute(tx); // as SQLite does itself after some I/O errors
      await insert(tx, "after-loss");
    });
    await expect(failed).rejects.toBeInstanceOf(CommitFailed);
    await expect(storage.durable(epoch)).rejects.toBeInstanceOf(CommitFailed);
    const { rows } = await sql<{
      v: string;
    }>`SELECT v FROM t WHERE v IN ('neighbour', 'own', 'after-loss')`.execute(db);
    expect(rows).toEqual([]);
    await insert(db, "recovered");
    await storage.durable();
  });

  it("counts a batch durable only after the fdatasync of the WAL, run off the event loop", async () => {
    const syncs: (() => void)[] = [];
    const real = fs.fdatasync;
    const spy = vi
      .spyOn(fs, "fdatasync")
      .mockImplementation((fd: number, done: (err: Error | null) => void) => {
        syncs.push(() => real(fd, done));
      });
    try {
      const epoch = storage.epoch;
      await insert(db, "synced-later");
      let durable = false;
      const waiting = storage.durable(epoch).then(() => (durable = true));
      await waitFor(() => syncs.length === 1, { what: "the fdatasync of the batch" });
      const other = outsider(file);
      expect(other.has("t", "v", "synced-later")).toBe(true); // committed: others can read it
      other.close();
      // Still not durable, also for a request that read it after the commit.
      const reader = storage.epoch;
      await sql`SELECT v FROM t WHERE v = 'synced-later'`.execute(db);
      expect(reader).toBe(epoch);
      await new Promise((r) => setTimeout(r, 20));
      expect(durable).toBe(false);
      expect(storage.pending).toBe(true);
      syncs.shift()?.();
      await waiting;
      await storage.durable(reader);
      expect(storage.pending).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it("a failed fdatasync fails the batches it covered and whoever read them, then syncing goes on", async () => {
    const spy = vi
      .spyOn(fs, "fdatasync")
      .mockImplementationOnce((_fd: number, done: (err: Error | null) => void) => {
        setTimeout(() => done(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" })), 5);
      });
    try {
      const epoch = storage.epoch;
      await insert(db, "unsure");
      await new Promise((r) => setImmediate(r)); // committed, the sync is under way
      const reader = storage.epoch; // a request that starts now may read the unsynced batch
      expect(reader).toBe(epoch);
      await expect(storage.durable(epoch)).rejects.toBeInstanceOf(CommitFailed);
      expect(storage.failedSince(reader)).toBe(true);

      const next = storage.epoch;
      await insert(db, "after-eio");
      await storage.durable(next);
      expect(storage.failedSince(next)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it("reads of one turn share a read transaction, and a write in the same turn still commits", async () => {
    const other = new SQLite(file);
    try {
      other.prepare("INSERT INTO t (v) VALUES ('from-outside-1')").run();
      const [seen, , after] = await Promise.all([
        sql<{ n: number }>`SELECT count(*) AS n FROM t WHERE v LIKE 'from-outside%'`.execute(db),
        insert(db, "inside-same-turn"),
        sql<{ n: number }>`SELECT count(*) AS n FROM t WHERE v = 'inside-same-turn'`.execute(db),
      ]);
      expect(seen.rows[0]?.n).toBe(1);
      expect(after.rows[0]?.n).toBe(1);
      await storage.durable();
      // The read transaction ended with the turn: a write by another connection is seen on the next.
      other.prepare("INSERT INTO t (v) VALUES ('from-outside-2')").run();
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM t WHERE v LIKE 'from-outside%'`.execute(db);
      expect(rows[0]?.n).toBe(2);
    } finally {
      other.close();
    }
  });

  it("closing commits what is pending", async () => {
    const closing = join(dir, "closing.db");
    const { db: first, durability: firstStorage } = await openDatabase(`file:${closing}`);
    await sql`CREATE TABLE t (v TEXT PRIMARY KEY)`.execute(first);
    await insert(first, "pending at close");
    expect(firstStorage.pending).toBe(true);
    await first.destroy();
    const other = outsider(closing);
    expect(other.has("t", "v", "pending at close")).toBe(true);
    other.close();
  });
});

describe("group commit behind the API", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ SQLITE_SYNCHRONOUS: "FULL" }, { workers: false });
  });
  afterAll(() => svc.cleanup());

  it("sends no answer before the commit of its writes and the fsync after it, and many parallel writes share commits", async () => {
    const other = outsider(svc.dbFile);
    // Each fdatasync of the WAL is slowed down and covers what was committed when it started: an
    // answer is durable only once such a sync has ended.
    const synced = new Set<string>();
    let syncs = 0;
    const realSync = fs.fdatasync;
    const syncSpy = vi
      .spyOn(fs, "fdatasync")
      .mockImplementation((fd: number, done: (err: Error | null) => void) => {
        const committed = other.ids("checkouts");
        setTimeout(
          () =>
            realSync(fd, (err) => {
              if (!err) for (const id of committed) synced.add(id);
              syncs++;
              done(err);
            }),
          5,
        );
      });
    const early: string[] = [];
    const end = ServerResponse.prototype.end;
    const spy = vi.spyOn(ServerResponse.prototype, "end").mockImplementation(function (
      this: ServerResponse,
      ...args: unknown[]
    ) {
      const [chunk] = args;
      const id = typeof chunk === "string" ? /"id":"(ck_\w+)"/.exec(chunk)?.[1] : undefined;
      if (this.statusCode === 201 && id && !synced.has(id)) early.push(id);
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    });
    try {
      const before = commits.count;
      const n = 120;
      const created = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          svc.api("POST", "/checkouts", embedCheckoutBody(), { headers: { "idempotency-key": `par-${i}` } }),
        ),
      );
      expect(created.map((r) => r.status)).toEqual(Array(n).fill(201));
      expect(early).toEqual([]);
      const used = commits.count - before;
      expect(used).toBeLessThan(n);
      expect(syncs).toBeGreaterThan(0);
      expect(syncs).toBeLessThanOrEqual(used);

      const replays = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          svc.api("POST", "/checkouts", embedCheckoutBody(), { headers: { "idempotency-key": `par-${i}` } }),
        ),
      );
      replays.forEach((r, i) => {
        expect(r.status).toBe(201);
        expect(r.headers.get("idempotent-replayed")).toBe("true");
        expect(r.body.data.id).toBe(created[i]?.body.data.id);
      });
      for (const r of created) expect(other.has("checkouts", "id", r.body.data.id)).toBe(true);
    } finally {
      spy.mockRestore();
      syncSpy.mockRestore();
      other.close();
    }
  });

  it("a failed commit answers 503 to every request of its batch and loses nothing acknowledged", async () => {
    const postLost = (i: number) =>
      svc.api(
        "POST",
        "/customers",
        { customerId: `gc-lost-${i}` },
        { headers: { "idempotency-key": `lost-${i}` } },
      );
    const acked = await Promise.all(
      [1, 2, 3].map((i) => svc.api("POST", "/customers", { customerId: `gc-acked-${i}` })),
    );
    expect(acked.map((r) => r.status)).toEqual([201, 201, 201]);

    commits.failing = 1_000; // every commit fails while the requests run
    const failed = await Promise.all(Array.from({ length: 20 }, (_, i) => postLost(i)));
    commits.failing = 0;
    for (const res of failed) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, error: { code: "storage_unavailable" } });
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("location")).toBeNull();
    }
    const other = outsider(svc.dbFile);
    try {
      for (const res of acked) expect(other.has("customers", "uuid", res.body.data.uuid)).toBe(true);
      for (let i = 0; i < 20; i++) expect(other.has("customers", "customer_id", `gc-lost-${i}`)).toBe(false);
    } finally {
      other.close();
    }

    // Nothing of the lost batch is remembered: the same Idempotency-Key runs the request anew.
    const retried = await Promise.all(Array.from({ length: 20 }, (_, i) => postLost(i)));
    expect(retried.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(retried.some((r) => r.headers.get("idempotent-replayed"))).toBe(false);
  });

  it("when one commit fails among many, every 2xx is durable and every 503 can be retried", async () => {
    const n = 60;
    const pending = Array.from({ length: n }, (_, i) =>
      svc.api("POST", "/checkouts", embedCheckoutBody(), { headers: { "idempotency-key": `one-${i}` } }),
    );
    commits.failing = 1;
    const results = await Promise.all(pending);
    expect(results.every((r) => r.status === 201 || r.status === 503)).toBe(true);
    const other = outsider(svc.dbFile);
    try {
      for (const r of results.filter((r) => r.status === 201)) {
        expect(other.has("checkouts", "id", r.body.data.id)).toBe(true);
      }
    } finally {
      other.close();
    }
    const again = await Promise.all(
      results.map((r, i) =>
        r.status === 503
          ? svc.api("POST", "/checkouts", embedCheckoutBody(), { headers: { "idempotency-key": `one-${i}` } })
          : Promise.resolve(r),
      ),
    );
    expect(again.map((r) => r.status)).toEqual(Array(n).fill(201));
  });

  it("the frame's event stream pushes only committed states", async () => {
    const created = await svc.api("POST", "/checkouts", embedCheckoutBody());
    const id = created.body.data.id as string;
    const stream = await fetch(`${svc.baseUrl}/frame-api/checkouts/${id}/events`);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error("no stream");
    let text = "";
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    await waitFor(() => text.includes("PaymentReady"), { what: "the first push" });

    const card = { holder: "Ana Silva", number: "4242424242424242", expiryMonth: "12", expiryYear: "2031" };
    commits.failing = 1_000;
    const lost = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/card-payments`,
      { ...card, cvc: "123" },
      { key: null },
    );
    await new Promise((r) => setTimeout(r, 100));
    commits.failing = 0;
    expect(lost.status).toBe(503);
    expect(text).not.toContain("Success");

    const paid = await svc.api(
      "POST",
      `/frame-api/checkouts/${id}/card-payments`,
      { ...card, cvc: "123" },
      { key: null },
    );
    expect(paid.status).toBe(200);
    await reading; // the stream ends once the checkout is final
    const states = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? "{}").state);
    expect(states[0]).toBe("PaymentReady");
    expect(states.at(-1)).toBe("Success");
  });

  it("the merchant CLI writes to the database while the service is writing", async () => {
    let running = true;
    let written = 0;
    const load = (async () => {
      while (running) {
        const res = await svc.api("POST", "/checkouts", embedCheckoutBody());
        expect(res.status).toBe(201);
        written++;
      }
    })();
    const cli = await runCli(["create", "--name", "Busy shop", "--json"], {
      DATABASE_URL: `file:${svc.dbFile}`,
      LOG_LEVEL: "silent",
    });
    running = false;
    await load;
    expect(cli.code, cli.stderr).toBe(0);
    const merchant = JSON.parse(cli.stdout) as { apiKey: string };
    expect(written).toBeGreaterThan(0);
    const res = await svc.api("POST", "/checkouts", embedCheckoutBody(), { key: merchant.apiKey });
    expect(res.status).toBe(201);
  });
});

describe("group commit and the notifier", () => {
  it("announces no event before its commit, and never one whose commit failed", async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers["x-event-id"]));
      req.resume();
      req.on("end", () => res.writeHead(200).end("ok"));
    });
    const port = await freePort();
    await new Promise<void>((r) => receiver.listen(port, "127.0.0.1", r));
    const svc = await startTestService({ SQLITE_SYNCHRONOUS: "FULL", NOTIFY_POLL_MS: "20" });
    try {
      const hook = await svc.api("POST", "/webhooks", {
        url: `http://127.0.0.1:${port}/hook`,
        events: ["payment.confirmed"],
      });
      expect(hook.status).toBe(201);
      const merchant = await authenticate(svc.ctx.db, SANDBOX_KEY);
      if (!merchant) throw new Error("no sandbox merchant");
      const event = { type: "payment.confirmed" as const, data: { note: "group commit test" } };

      // The transaction stays open across turns, so the notifier reads the event (uncommitted, in the
      // open batch) the moment the transaction ends; its commit then fails.
      commits.failing = 1_000;
      let lost = "";
      await inTransaction(svc.ctx, async (tx, after) => {
        lost = await emitEvent(tx, after, merchant, event);
        svc.ctx.notify();
        await new Promise((r) => setTimeout(r, 100));
      });
      await new Promise((r) => setTimeout(r, 300));
      commits.failing = 0;
      expect(received).not.toContain(lost);

      const kept = await inTransaction(svc.ctx, (tx, after) => emitEvent(tx, after, merchant, event));
      await waitFor(() => received.includes(kept), { what: "the committed event's delivery" });
      expect(received).not.toContain(lost);
    } finally {
      await svc.cleanup();
      receiver.close();
    }
  });
});
