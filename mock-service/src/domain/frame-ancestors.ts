import { strictOrigin } from "../../contract";

const ANCESTOR = /^(\*|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?)$/;

/**
 * Who may frame a checkout: the origin of its registered action URL plus FRAME_ANCESTORS.
 * An unknown checkout gets `*`: its page only says "checkout not found" (no input, no data), so
 * framing it anywhere risks nothing. A known checkout without an action URL can only be framed by
 * FRAME_ANCESTORS (none at all when that is empty).
 */
export function ancestorSources(
  checkout: { actionUrl: string | null } | undefined,
  configured: string,
): string[] {
  if (!checkout) return ["*"];
  const sources = configured.split(/[\s,]+/).filter((source) => ANCESTOR.test(source));
  // Only an origin parsed from a strict URL reaches the policy: a wildcard or a `;` stored before URLs
  // were strict adds nothing.
  const actionOrigin = checkout.actionUrl ? strictOrigin(checkout.actionUrl) : undefined;
  if (actionOrigin) sources.unshift(actionOrigin);
  return [...new Set(sources)];
}

/** Whether a page at `origin` matches one of the sources, as the browser matches `frame-ancestors`. */
export function ancestorAllows(sources: readonly string[], origin: string): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  return sources.some((source) => {
    if (source === "*") return page.protocol === "http:" || page.protocol === "https:";
    const wildcard = source.includes("://*.");
    const allowed = new URL(source.replace("://*.", "://"));
    if (allowed.protocol !== page.protocol || allowed.port !== page.port) return false;
    return wildcard ? page.hostname.endsWith(`.${allowed.hostname}`) : allowed.hostname === page.hostname;
  });
}
