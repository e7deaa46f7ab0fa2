import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../src/require-node";

const ROOT = resolve(import.meta.dirname, "../..");

describe("the Node.js version check", () => {
  it("accepts Node.js 22 and 24, refuses 20 with one line naming the version", () => {
    expect(nodeVersionProblem("v22.12.0")).toBeUndefined();
    expect(nodeVersionProblem("v24.21.0")).toBeUndefined();
    expect(nodeVersionProblem("v20.20.2")).toBe(
      "payments sandbox needs Node.js 22 or newer; this is v20.20.2",
    );
  });

  // The machine's own Node.js, when it is older than 22 (CI machines ship 20): the service must say why
  // and stop before better-sqlite3 loads, instead of crashing in it.
  const systemNode = "/usr/bin/node";
  const oldNode =
    existsSync(systemNode) &&
    Number(spawnSync(systemNode, ["-p", "process.versions.node.split('.')[0]"]).stdout.toString()) < 22;
  it.runIf(oldNode)("stops the service on an older Node.js with that line and a non-zero exit", () => {
    const run = spawnSync(systemNode, ["--import", "tsx", "mock-service/src/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", DATABASE_URL: ":memory:" },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.signal).toBeNull();
    expect(run.stderr.toString().trim()).toMatch(
      /^payments sandbox needs Node\.js 22 or newer; this is v\d+\.\d+\.\d+$/,
    );
    expect(run.stdout.toString()).toBe("");
  });
});
