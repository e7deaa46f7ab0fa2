// A merchant's own minimal shop for the integration specs: its pages served on origins of their own,
// its checkouts created with the sandbox key as its server would.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { SERVICE_PORT } from "../../playwright.config";

export const SERVICE = process.env.E2E_SERVICE_URL ?? `http://localhost:${SERVICE_PORT}`;
/** Its origin (on loopback, like the service). */
export const SHOP = `http://127.0.0.1:${SERVICE_PORT + 5}`;
/** Another origin, which the checkouts' action URLs do not name. */
export const ELSEWHERE = `http://127.0.0.1:${SERVICE_PORT + 6}`;

export interface Created {
  id: string;
  checkoutUrl: string;
}

/** The merchant API with the sandbox key, as the shop's server calls it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e responses are inspected freely
export async function merchantApi(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${SERVICE}${path}`, {
    method,
    headers: { authorization: "Bearer sk_test_sandbox", "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: unknown; error?: unknown };
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json.error)}`);
  return json.data;
}

/**
 * `POST /checkouts`; the action URL is the shop's `/done`. `saveFor` asks to save the method for that
 * customer; `customer` is a registered customer paying (their saved cards are offered).
 */
export async function createCheckout(
  options: { method?: "CC" | "MW" | "MB"; amount?: number; saveFor?: string; customer?: string } = {},
): Promise<Created> {
  const customer = options.saveFor ?? options.customer;
  return merchantApi("POST", "/checkouts", {
    payment: {
      amount: options.amount ?? 1250,
      ...((options.method || options.saveFor) && {
        paymentMethod: {
          ...(options.method && { code: options.method }),
          ...(options.saveFor && { details: { createRegistration: true } }),
        },
      }),
      ...(customer && { customer: { uuid: customer } }),
      ...(options.saveFor && { recurring: { amountQualifier: "ESTM" } }),
    },
    page: { layout: "embed", language: "EN" },
    redirects: [{ type: "action", url: `${SHOP}/done` }],
  }) as Promise<Created>;
}

const pages = new Map<string, string>();
let servers: Server[] = [];
let served = 0;

/**
 * Starts the shop's two origins (call in `test.beforeAll`, close in `test.afterAll`). Real servers,
 * not `page.route`: Chromium lets a page load the loopback service only from a loopback page.
 */
export async function startShop(): Promise<() => Promise<void>> {
  servers = [SHOP, ELSEWHERE].map((origin) => {
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", origin).pathname;
      const html =
        path === "/done"
          ? '<!doctype html><html lang="en"><title>Done</title><h1>Thank you</h1>'
          : pages.get(path);
      response.writeHead(html ? 200 : 404, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      });
      response.end(html ?? "not found");
    });
    server.listen(Number(new URL(origin).port), "127.0.0.1");
    return server;
  });
  await Promise.all(servers.map((server) => once(server, "listening")));
  return async () => {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  };
}

/** Serves `html` on the shop (or `origin`) at a fresh path and opens it. */
export async function openPage(page: Page, html: string, origin = SHOP): Promise<void> {
  const path = `/pay/${++served}`;
  pages.set(path, html);
  await page.goto(`${origin}${path}`);
}

/** The page a merchant pastes: the form (with any `data-*` options) and the checkout's script. */
export function checkoutPage(checkoutUrl: string, formAttributes = "", head = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>${head}</head>
<body><main><h1>Pay for your order</h1>
<form action="${SHOP}/done" class="paymentWidgets" ${formAttributes}></form>
<script src="${checkoutUrl}"></script></main></body></html>`;
}
