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

/** `POST /checkouts` with the sandbox key; the action URL is the shop's `/done`. */
export async function createCheckout(
  options: { method?: "CC" | "MW"; amount?: number } = {},
): Promise<Created> {
  const response = await fetch(`${SERVICE}/checkouts`, {
    method: "POST",
    headers: { authorization: "Bearer sk_test_sandbox", "content-type": "application/json" },
    body: JSON.stringify({
      payment: {
        amount: options.amount ?? 1250,
        ...(options.method && { paymentMethod: { code: options.method } }),
      },
      page: { layout: "embed", language: "EN" },
      redirects: [{ type: "action", url: `${SHOP}/done` }],
    }),
  });
  if (response.status !== 201) throw new Error(`POST /checkouts answered ${response.status}`);
  return ((await response.json()) as { data: Created }).data;
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
