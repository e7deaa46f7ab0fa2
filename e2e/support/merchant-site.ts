/**
 * A plain merchant test site for the card e2e specs, on its own origin (127.0.0.1, while the service
 * is on localhost). Each page request creates a fresh checkout with the sandbox key, server side,
 * and returns HTML with `<form class="paymentWidgets">` and the checkout's script, as a merchant would.
 *
 *   /checkout   ?lang=PT (none: no page.language, the shopper's browser chooses)  &forms=2  &csp=strict  &tokenize=1  &amount=500  &summary=...
 *               &method=CC (default) | MW | any (no method code: the frame offers every method)
 *               &script=body|body-async|body-defer|head|head-async|head-defer
 *   /unknown    a page whose script names a checkout that does not exist
 *   /existing   ?id=ck_...: a page for a checkout created earlier (to see it once paid)
 *   /result     the action URL: shows the query it was sent back with
 *   /health
 */
import { createServer, type ServerResponse } from "node:http";

const PORT = Number(process.env.PORT ?? 4111);
const SERVICE_URL = (process.env.SERVICE_URL ?? "http://localhost:4110").replace(/\/+$/, "");
const API_KEY = process.env.API_KEY ?? "sk_test_sandbox";
const SELF = `http://127.0.0.1:${PORT}`;
const SCRIPT_PLACES = ["body", "body-async", "body-defer", "head", "head-async", "head-defer"] as const;
type ScriptPlace = (typeof SCRIPT_PLACES)[number];

let orderNumber = 1000;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SERVICE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: T; error?: unknown };
  if (!response.ok || json.data === undefined) {
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json.error)}`);
  }
  return json.data;
}

interface CreatedCheckout {
  id: string;
  checkoutUrl: string;
}

async function createCheckout(options: {
  /** Left out: the frame speaks the shopper's browser language. */
  language: string | undefined;
  amount: number;
  summary: string;
  customerUuid?: string;
  /** Left out: the checkout offers every method. */
  method: "CC" | "MW" | undefined;
}): Promise<CreatedCheckout> {
  const order = ++orderNumber;
  return api<CreatedCheckout>("POST", "/checkouts", {
    payment: {
      amount: options.amount,
      code: `ORDER-${order}`,
      summary: options.summary,
      ...((options.method || options.customerUuid) && {
        paymentMethod: {
          ...(options.method && { code: options.method }),
          ...(options.customerUuid && { details: { createRegistration: true } }),
        },
      }),
      ...(options.customerUuid && {
        customer: { uuid: options.customerUuid },
        recurring: { amountQualifier: "ESTM" },
      }),
    },
    page: { ...(options.language && { language: options.language }), layout: "embed" },
    redirects: [{ type: "action", url: `${SELF}/result?order=${order}` }],
  });
}

async function createCustomer(): Promise<string> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const customer = await api<{ uuid: string }>("POST", "/customers", {
    customerId: `e2e-${stamp}`,
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${stamp}@example.com`,
  });
  return customer.uuid;
}

function scriptTag(src: string, place: ScriptPlace): string {
  const flag = place.endsWith("-async") ? " async" : place.endsWith("-defer") ? " defer" : "";
  return `<script src="${escapeHtml(src)}"${flag}></script>`;
}

function page(options: { lang: string; title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.title)}</title>
${options.head ?? ""}
</head>
<body>
<main>
<h1>${escapeHtml(options.title)}</h1>
${options.body}
</main>
</body>
</html>`;
}

async function checkoutPage(query: URLSearchParams): Promise<{ html: string; csp?: string }> {
  const lang = (query.get("lang") ?? "EN").toUpperCase();
  const language = lang === "NONE" ? undefined : lang;
  const forms = Math.min(Math.max(Number(query.get("forms") ?? 1), 1), 3);
  const placeParam = query.get("script") ?? "body";
  const place: ScriptPlace = (SCRIPT_PLACES as readonly string[]).includes(placeParam)
    ? (placeParam as ScriptPlace)
    : "body";
  const amount = Number(query.get("amount") ?? 500);
  const summary = query.get("summary") ?? "Test shop order";
  const customerUuid = query.get("tokenize") === "1" ? await createCustomer() : undefined;
  const methodParam = query.get("method") ?? "CC";
  const method = methodParam === "MW" ? "MW" : methodParam === "any" ? undefined : "CC";

  const checkouts: CreatedCheckout[] = [];
  for (let i = 0; i < forms; i++) {
    checkouts.push(
      await createCheckout({ language, amount, summary, method, ...(customerUuid && { customerUuid }) }),
    );
  }
  const inHead = place.startsWith("head");
  const head = inHead ? checkouts.map((c) => scriptTag(c.checkoutUrl, place)).join("\n") : "";
  const sections = checkouts.map(
    (c, i) => `<section aria-label="Payment ${i + 1}">
<p>Checkout <code class="checkout-id">${escapeHtml(c.id)}</code></p>
<form action="${SELF}/result" class="paymentWidgets"></form>
${inHead ? "" : scriptTag(c.checkoutUrl, place)}
</section>`,
  );
  const customer = customerUuid
    ? `<p>Customer <code id="customer-uuid">${escapeHtml(customerUuid)}</code></p>`
    : "";
  const html = page({
    lang: (language ?? "EN").toLowerCase(),
    title: "Test shop checkout",
    head,
    body: `${customer}\n${sections.join("\n")}`,
  });
  if (query.get("csp") !== "strict") return { html };
  const csp = [
    "default-src 'none'",
    `script-src ${SERVICE_URL}`,
    `frame-src ${SERVICE_URL}`,
    `connect-src ${SERVICE_URL}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
  return { html, csp };
}

function existingCheckoutPage(checkoutId: string): string {
  const id = /^ck_[A-Za-z0-9]{20}$/.test(checkoutId) ? checkoutId : "ck_UnknownUnknown000000";
  return page({
    lang: "en",
    title: "Test shop checkout",
    body: `<form action="${SELF}/result" class="paymentWidgets"></form>
${scriptTag(`${SERVICE_URL}/embed/${id}?page_layout=embed`, "body")}`,
  });
}

function resultPage(query: URLSearchParams): string {
  const rows = [...query].map(
    ([key, value]) =>
      `<dt>${escapeHtml(key)}</dt><dd id="result-${escapeHtml(key)}">${escapeHtml(value)}</dd>`,
  );
  return page({ lang: "en", title: "Payment result", body: `<dl>${rows.join("")}</dl>` });
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", SELF);
  const route = async () => {
    switch (url.pathname) {
      case "/health":
        return send(res, 200, "ok", { "content-type": "text/plain" });
      case "/checkout": {
        const { html, csp } = await checkoutPage(url.searchParams);
        return send(res, 200, html, csp ? { "content-security-policy": csp } : {});
      }
      case "/unknown":
        return send(res, 200, existingCheckoutPage("ck_UnknownUnknown000000"));
      case "/existing":
        return send(res, 200, existingCheckoutPage(url.searchParams.get("id") ?? ""));
      case "/result":
        return send(res, 200, resultPage(url.searchParams));
      default:
        return send(res, 404, page({ lang: "en", title: "Not found", body: "<p>Not found.</p>" }));
    }
  };
  route().catch((error: unknown) => {
    send(
      res,
      502,
      page({ lang: "en", title: "Service error", body: `<pre>${escapeHtml(String(error))}</pre>` }),
    );
  });
});

server.listen(PORT, "127.0.0.1", () => {
  console.log(`merchant test site on ${SELF}, service ${SERVICE_URL}`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
