// The reference: what the stack itself reaches on this machine. A Fastify app (the service's own
// `fastify` package, nothing registered) answering `/bytes/<n>` with n bytes like the baseline, and
// `/row/<n>` with an n-byte JSON answer built from one better-sqlite3 primary-key read.
// REFERENCE_DB: an SQLite file to create; REFERENCE_SIZES: the n to seed rows for, comma-separated.
import SQLite from "better-sqlite3";
import Fastify from "fastify";
import { fixedBody } from "./fixed-body";

interface Row {
  id: number;
  text: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

const answerOf = (row: Row, date: string) => JSON.stringify({ date, success: true, data: row });

function openSeeded(file: string, sizes: number[]): SQLite.Database {
  const db = new SQLite(file);
  // The service's durability (it reaches FULL through its own WAL fsync); reads cost the same either way.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
  const insert = db.prepare<[number, string]>("INSERT OR REPLACE INTO rows (id, text) VALUES (?, ?)");
  for (const n of sizes) {
    // toISOString always has 24 characters, so the padding fixes the answer's length.
    const overhead = answerOf({ id: n, text: "" }, new Date(0).toISOString()).length;
    if (n < overhead) throw new Error(`REFERENCE_SIZES: ${n} is below the smallest answer (${overhead} B)`);
    insert.run(n, "x".repeat(n - overhead));
  }
  return db;
}

const sizes = (process.env.REFERENCE_SIZES ?? "").split(",").filter(Boolean).map(Number);
const db = openSeeded(process.env.REFERENCE_DB ?? "", sizes);
const selectRow = db.prepare<[number], Row>("SELECT id, text FROM rows WHERE id = ?");

const sizeOf = (param: string) => (/^\d{1,7}$/.test(param) ? Number(param) : undefined);

const app = Fastify({ logger: false });

// Synchronous handlers that return nothing: the cheapest way Fastify answers.
app.get<{ Params: { n: string } }>("/bytes/:n", (request, reply) => {
  const n = sizeOf(request.params.n);
  if (n === undefined) reply.code(404).send();
  else reply.header("content-type", JSON_TYPE).send(fixedBody(n));
});

app.get<{ Params: { n: string } }>("/row/:n", (request, reply) => {
  const n = sizeOf(request.params.n);
  const row = n === undefined ? undefined : selectRow.get(n);
  if (!row) reply.code(404).send();
  else reply.header("content-type", JSON_TYPE).send(answerOf(row, new Date().toISOString()));
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
