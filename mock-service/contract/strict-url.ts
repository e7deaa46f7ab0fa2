/**
 * URLs that reach a Content-Security-Policy (`frame-ancestors` is built from the action URL's origin)
 * or that the service posts to must name one real host: a DNS name or an IP literal, no wildcard, no
 * credentials, nothing that could end a CSP source or directive.
 */

const DNS_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;
/** Characters that have no place in an origin and would change a CSP: wildcard, separators, quotes, spaces. */
const FORBIDDEN_IN_ORIGIN = /[*;,"'`\s\\]/;

/** The raw text before the path, query or fragment: scheme, credentials, host and port as written. */
function writtenOrigin(value: string): string {
  const afterScheme = value.indexOf("://");
  if (afterScheme < 0) return value;
  const rest = value.slice(afterScheme + 3);
  const end = rest.search(/[/?#]/);
  return value.slice(0, afterScheme + 3 + (end < 0 ? rest.length : end));
}

/** Why `value` is not a strict http(s) URL, in words that follow the field's name; undefined when it is. */
export function strictUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  // Written as the parser reads it: `https:///r` and `https:shop.example` are not taken as `https://r/`
  // or `https://shop.example/`.
  if (!/^https?:\/\/[^/?#]/i.test(value)) return "must name a real host (a DNS name or an IP address)";
  const origin = writtenOrigin(value);
  if (origin.includes("@") || url.username || url.password) return "must not contain a user name or password";
  if (FORBIDDEN_IN_ORIGIN.test(origin)) {
    return "must not contain *, ;, commas, quotes or spaces before its path";
  }
  const host = url.hostname;
  if (!(IPV6_LITERAL.test(host) || IPV4.test(host) || (DNS_NAME.test(host) && !/^[\d.]+$/.test(host)))) {
    return "must name a real host (a DNS name or an IP address)";
  }
  return undefined;
}

/** The origin of a strict URL, for a CSP source list; undefined for anything else. */
export function strictOrigin(value: string): string | undefined {
  if (strictUrlProblem(value) !== undefined) return undefined;
  return new URL(value).origin;
}
