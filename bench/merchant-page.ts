import { createServer, type Server } from "node:http";

export interface MerchantPage {
  origin: string;
  /** The merchant page that embeds the checkout at `checkoutUrl`. */
  pageUrl(checkoutUrl: string): string;
  close(): Promise<void>;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A plain shop page, as a merchant writes it: a form with class paymentWidgets and the loader script. */
function render(checkoutUrl: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>Shop: checkout</title></head>',
    "<body><h1>Pay for your order</h1>",
    '<form action="/result" class="paymentWidgets"></form>',
    `<script src="${escapeAttribute(checkoutUrl)}"></script>`,
    "</body></html>",
  ].join("\n");
}

export async function startMerchantPage(): Promise<MerchantPage> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://merchant");
    const checkoutUrl = url.searchParams.get("checkout");
    if (url.pathname !== "/pay" || !checkoutUrl) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(render(checkoutUrl));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    pageUrl: (checkoutUrl) => `${origin}/pay?checkout=${encodeURIComponent(checkoutUrl)}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
