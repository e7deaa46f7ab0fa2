/** Query parameters whose values are harmless in a log line (paging and filters by kind). */
const LOGGED_VALUES = new Set(["limit", "startingAfter", "type"]);
/** Parameter names shown with a redacted value; anything else is dropped whole. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** E-mail addresses and phone numbers, also percent-encoded (`%40`, `%23`, `%2B`), anywhere in the path. */
const PERSONAL = [
  /[\w.+%-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi,
  /(?:\+|%2B)?\b\d{1,4}(?:#|%23)\d{4,14}\b/gi,
  /(?:\+|%2B)\d[\d ]{7,16}\d/gi,
  /\b(?:00)?351\d{9}\b|\b9[1236]\d{7}\b/g,
];

/** The request URL as it may be logged: query values redacted except an allow-list; no e-mail or phone. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf("?");
  const path = scrub(mark < 0 ? url : url.slice(0, mark));
  if (mark < 0) return path;
  const pairs = [...new URLSearchParams(url.slice(mark + 1))].map(([name, value]) => {
    if (!PLAIN_NAME.test(name)) return "[redacted]";
    return `${name}=${LOGGED_VALUES.has(name) ? scrub(encodeURIComponent(value)) : "[redacted]"}`;
  });
  return `${path}?${pairs.join("&")}`;
}

function scrub(text: string): string {
  return PERSONAL.reduce((out, pattern) => out.replace(pattern, "[redacted]"), text);
}
