import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "../src/config";
import { createService, type Service } from "../src/server";

export const SANDBOX_KEY = "sk_test_sandbox";

export interface TestService extends Service {
  baseUrl: string;
  dbFile: string;
  dir: string;
  config: Config;
  /** `fetch` against the service with the sandbox key (or `key`), JSON in and out. */
  api(
    method: string,
    path: string,
    body?: unknown,
    init?: { key?: string | null; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
  cleanup(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected freely
  body: any;
}

/**
 * A real service over real HTTP on a free loopback port, with its own SQLite file.
 * Pass `dir` to reopen an earlier service's database (restart tests).
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: { dir?: string; workers?: boolean } = {},
): Promise<TestService> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "sandbox-test-"));
  const dbFile = join(dir, "sandbox.db");
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATABASE_URL: `file:${dbFile}`,
    SQLITE_SYNCHRONOUS: "NORMAL",
    ...env,
  } as NodeJS.ProcessEnv);
  const service = await createService(config, { workers: options.workers ?? true });
  await service.app.listen({ port: 0, host: "127.0.0.1" });
  const address = service.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The checkout URL base follows the real port unless the test fixed PUBLIC_URL.
  if (!env.PUBLIC_URL) service.ctx.config.PUBLIC_URL = baseUrl;

  async function api(
    method: string,
    path: string,
    body?: unknown,
    init: { key?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const key = init.key === undefined ? SANDBOX_KEY : init.key;
    const headers: Record<string, string> = {
      ...(key !== null && { authorization: `Bearer ${key}` }),
      ...init.headers,
    };
    if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  return {
    ...service,
    baseUrl,
    dbFile,
    dir,
    config: service.ctx.config,
    api,
    async cleanup() {
      await service.stop();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

export function referenceBody(overrides: Record<string, unknown> = {}) {
  return {
    type: "payment",
    amount: 1500,
    availableMethods: [{ code: "MB" }],
    validDate: { start: inDays(-1), end: inDays(3) },
    ...overrides,
  };
}

export function embedCheckoutBody(overrides: Record<string, unknown> = {}) {
  return {
    payment: { amount: 500, code: "SKU-1", summary: "A nice thing" },
    page: { layout: "embed", language: "EN" },
    redirects: [{ type: "action", url: "https://shop.example/result?order=7#done" }],
    ...overrides,
  };
}
