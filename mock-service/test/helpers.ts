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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are inspected freely
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
    VALIDATE_RESPONSES: "true",
    ...env,
  });
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

/**
 * A validity that ends `ms` from now: a reference must end in the future when it is created, so a test
 * that needs an expired one creates it with this and waits `ms` (see `sleepPast`).
 */
export function endingSoon(ms = 100) {
  return { start: new Date(Date.now() - 60_000).toISOString(), end: new Date(Date.now() + ms).toISOString() };
}

/** Waits until a validity made by `endingSoon(ms)` has ended. */
export const sleepPast = (ms = 100) => sleep(ms + 20);

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

/** Polls `check` until it returns a truthy value (returned) or `timeoutMs` passes (throws). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  {
    timeoutMs = 5000,
    intervalMs = 20,
    what = "condition",
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last instanceof Error ? last.message : JSON.stringify(last)}` : ""}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: import("node:http").IncomingHttpHeaders;
  /** The raw body exactly as received, for signature checks. */
  body: string;
  at: number;
}

/**
 * What the receiver answers: a status code, optionally after a delay (a slow merchant) or once `until`
 * resolves (a merchant held until the test lets it answer).
 */
export type ReceiverReply = number | { status: number; delayMs?: number; until?: Promise<unknown> };

export interface Receiver {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path?: string): string;
  requests: ReceivedRequest[];
  /** Requests to one path, in arrival order. */
  at(path: string): ReceivedRequest[];
  /** Decides each answer; `index` counts requests to the same path, from 0. Default: 200. */
  reply: (request: ReceivedRequest, index: number) => ReceiverReply;
  /** Stops listening and drops open connections (the merchant is down); `listen()` brings it back on the same port. */
  close(): Promise<void>;
  listen(): Promise<void>;
}

/** A real HTTP merchant endpoint on a loopback port, capturing raw bodies and headers. */
export async function startReceiver(options: { port?: number; listening?: boolean } = {}): Promise<Receiver> {
  const { createServer } = await import("node:http");
  const receiver: Receiver = {
    port: options.port ?? 0,
    url: (path = "/") => `http://127.0.0.1:${receiver.port}${path}`,
    requests: [],
    at: (path) => receiver.requests.filter((r) => r.path === path),
    reply: () => 200,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(receiver.port, "127.0.0.1", () => {
          server.off("error", reject);
          const address = server.address();
          if (typeof address === "object" && address) receiver.port = address.port;
          resolve();
        });
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const index = receiver.at(received.path).length;
      receiver.requests.push(received);
      const answer = receiver.reply(received, index);
      const { status, delayMs = 0, until } = typeof answer === "number" ? { status: answer } : answer;
      void Promise.resolve(until).then(() =>
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no");
        }, delayMs),
      );
    });
  });
  if (options.listening ?? true) await receiver.listen();
  return receiver;
}
