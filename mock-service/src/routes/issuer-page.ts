import type { Language } from "../../contract";
import { type InlineSource, inlineSource } from "../http/inline-source";
import { ISSUER_PAGE_TEXTS, LOCALES } from "./issuer-page-texts";

/**
 * The page's only script: each button tells the parent checkout frame (same origin, nobody else)
 * what the shopper did. The frame sends the answer to the service and closes the challenge.
 */
const SCRIPT = inlineSource(
  `for (const b of document.querySelectorAll("button[data-result]")) b.addEventListener("click", () => {
  for (const other of document.querySelectorAll("button")) other.disabled = true;
  parent.postMessage({ type: "sandbox-3ds", result: b.dataset.result }, location.origin);
});
document.querySelector("button[data-result]")?.focus();`,
  "script",
) as InlineSource;

const STYLE = inlineSource(
  `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;color:#1a1a2e;background:#fff}
header{display:flex;align-items:center;gap:8px;border-bottom:2px solid #0b3d91;padding-bottom:8px;margin-bottom:12px}
.logo{width:28px;height:28px;border-radius:50%;background:#0b3d91}
h1{font-size:1.25rem;margin:0;color:#0b3d91}h2{font-size:1.05rem;margin:0 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}dt{color:#444}dd{margin:0;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
button{font:inherit;padding:10px 16px;border-radius:6px;border:2px solid #0b3d91;cursor:pointer}
button[data-result=complete]{background:#0b3d91;color:#fff}button[data-result=fail]{background:#fff;color:#0b3d91}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}button:disabled{opacity:.6;cursor:default}`,
  "style",
) as InlineSource;

export interface IssuerPage {
  language: Language;
  /** Absent when no challenge is open for the payment. */
  challenge?: { merchantName: string; amount: number } | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderIssuerPage({ language, challenge }: IssuerPage): string {
  const t = ISSUER_PAGE_TEXTS[language];
  const amount =
    challenge &&
    new Intl.NumberFormat(LOCALES[language], { style: "currency", currency: "EUR" }).format(
      challenge.amount / 100,
    );
  const body = challenge
    ? [
        `<h2>${escapeHtml(t.heading)}</h2>`,
        `<p>${escapeHtml(t.intro)}</p>`,
        `<dl><dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(challenge.merchantName)}</dd>`,
        `<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(amount ?? "")}</dd></dl>`,
        '<div class="actions">',
        `<button type="button" data-result="complete">${escapeHtml(t.complete)}</button>`,
        `<button type="button" data-result="fail">${escapeHtml(t.fail)}</button>`,
        "</div>",
      ]
    : [`<p>${escapeHtml(t.nothingOpen)}</p>`];
  return [
    "<!doctype html>",
    `<html lang="${language.toLowerCase()}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    "<title>Sandbox Bank</title>",
    `<style>${STYLE.text}</style>`,
    "</head>",
    "<body>",
    '<header><span class="logo" aria-hidden="true"></span><h1>Sandbox Bank</h1></header>',
    '<main aria-label="Sandbox Bank">',
    ...body,
    "</main>",
    challenge ? `<script>${SCRIPT.text}</script>` : "",
    "</body>",
    "</html>",
  ].join("\n");
}

/**
 * Only the page's own script and style run. It is shown inside the checkout frame (same origin),
 * itself inside the merchant's page: frame-ancestors checks every ancestor, so it allows the frame's
 * own ancestors (`frameAncestors` of the checkout) besides 'self'.
 */
export function issuerPageCsp(checkoutAncestors: string): string {
  const ancestors = checkoutAncestors === "'none'" ? "'self'" : `'self' ${checkoutAncestors}`;
  return [
    "default-src 'none'",
    `script-src ${SCRIPT.hash}`,
    `style-src ${STYLE.hash}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}
