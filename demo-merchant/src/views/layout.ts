import { html, type SafeHtml } from "../html";

export type Section = "shop" | "customers" | "multibanco" | "notifications" | "none";

const NAV: { section: Section; href: string; label: string }[] = [
  { section: "shop", href: "/", label: "Shop" },
  { section: "customers", href: "/customers", label: "Customers" },
  { section: "multibanco", href: "/multibanco", label: "Multibanco" },
  { section: "notifications", href: "/notifications", label: "Notifications" },
];

export interface PageOptions {
  title: string;
  section: Section;
  body: SafeHtml;
  /** Extra script files (same origin, or the checkout's own script placed in the body). */
  scripts?: string[];
}

/** The whole document around a page's content: skip link, header with navigation, main, footer. */
export function layout({ title, section, body, scripts = [] }: PageOptions): string {
  const nav = NAV.map(
    (item) =>
      html`<li>
        <a href="${item.href}" ${item.section === section ? html` aria-current="page"` : ""}>${item.label}</a>
      </li>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Casa Lusa demo shop</title>
        <link rel="stylesheet" href="/assets/styles.css" />
        <link rel="icon" href="data:," />
        ${scripts.map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
          <div class="wrap header-inner">
            <a class="brand" href="/">Casa Lusa <span class="brand-tag">sandbox demo</span></a>
            <nav aria-label="Main">
              <ul class="nav">
                ${nav}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" class="wrap" tabindex="-1">${body}</main>
        <footer class="site-footer">
          <div class="wrap">A demo merchant for the payments sandbox. No real money moves here.</div>
        </footer>
      </body>
    </html> `.value;
}

/** A short message above a page's content, e.g. after a redirect. */
export function notice(kind: "success" | "error" | "info", message: string | undefined): SafeHtml {
  if (!message) return html``;
  const role = kind === "error" ? "alert" : "status";
  return html`<div class="notice notice-${kind}" role="${role}">${message}</div>`;
}
