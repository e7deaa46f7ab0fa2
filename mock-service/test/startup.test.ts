import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnService } from "./process";

const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "startup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => done({ code, output }));
  });
}

describe("start-up", () => {
  it("a port in use prints one line naming the variable to change, and exits non-zero", async () => {
    const blocker = createServer();
    const port = await new Promise<number>((ok) =>
      blocker.listen(0, "127.0.0.1", () => ok((blocker.address() as { port: number }).port)),
    );
    try {
      const service = await run("mock-service/src/main.ts", {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${join(dir, "a.db")}`,
      });
      expect(service.code).toBe(1);
      expect(service.output.trim()).toBe(`port ${port} is in use: set PORT to another port`);
      const demo = await run("demo-merchant/src/main.ts", {
        DEMO_PORT: String(port),
        DEMO_HOST: "127.0.0.1",
        DEMO_DATA_DIR: join(dir, "demo"),
        SERVICE_URL: "http://127.0.0.1:9",
      });
      expect(demo.code).toBe(1);
      expect(demo.output.trim()).toBe(`port ${port} is in use: set DEMO_PORT to another port`);
    } finally {
      blocker.close();
    }
  });

  it("logs JSON lines when stdout is not a terminal; per-request lines only at debug", async () => {
    for (const level of ["info", "debug"]) {
      const port = await freePort();
      const service = await spawnService(
        { LOG_LEVEL: level, DATABASE_URL: `file:${join(dir, `${level}.db`)}` },
        port,
      );
      await fetch(`${service.baseUrl}/openapi.json`);
      service.child.kill("SIGTERM");
      await new Promise((done) => service.child.once("close", done));
      const lines = service
        .output()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { msg: string; url?: string });
      expect(lines.some((l) => l.msg.startsWith("payments sandbox listening"))).toBe(true);
      const requestLines = lines.filter((l) => l.msg === "request" && l.url === "/openapi.json");
      expect(requestLines, level).toHaveLength(level === "debug" ? 1 : 0);
    }
  });
});
