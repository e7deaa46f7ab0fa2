// Starts the payment service for the e2e suite on a fresh database, keeping its log in a file so
// that the secrets scan (e2e/zz-secrets.spec.ts) can read every line it wrote.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { sqlitePath } from "../../mock-service/src/store/db";

const dbPath = sqlitePath(process.env.DATABASE_URL ?? "");
const dir = dirname(dbPath);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const log = createWriteStream(join(dir, "service.log"));
const child = spawn(process.execPath, ["--import", "tsx", "mock-service/src/main.ts"], {
  stdio: ["ignore", "pipe", "pipe"],
});
child.stdout.pipe(log);
child.stderr.pipe(process.stderr);
child.stderr.pipe(log);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
