// A payment service of its own for a spec that needs other settings than the suite's (a short
// CHECKOUT_TTL_MS), on a fresh database, with a merchant test site in front of it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

export interface DedicatedService {
  serviceUrl: string;
  merchantUrl: string;
  stop(): Promise<void>;
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function healthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Starts the service with `env` on `port` (and the merchant site on `port + 1`), both on loopback. */
export async function startDedicatedService(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<DedicatedService> {
  const dir = `test-results/e2e-${name}-db`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const serviceUrl = `http://localhost:${port}`;
  const merchantUrl = `http://127.0.0.1:${port + 1}`;
  const service = start("mock-service/src/main.ts", {
    PORT: String(port),
    PUBLIC_URL: serviceUrl,
    DATABASE_URL: `file:${dir}/sandbox.db`,
    LOG_LEVEL: "warn",
    ...env,
  });
  const merchant = start("e2e/support/merchant-site.ts", { PORT: String(port + 1), SERVICE_URL: serviceUrl });
  const stop = async () => {
    await Promise.all([stopped(service), stopped(merchant)]);
  };
  try {
    await Promise.all([healthy(serviceUrl), healthy(merchantUrl)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { serviceUrl, merchantUrl, stop };
}
