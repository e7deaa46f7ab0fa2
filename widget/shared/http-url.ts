/** The value as a URL when it is a string holding an absolute http(s) URL; otherwise undefined. */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url;
  } catch {
    // not a URL
  }
  return undefined;
}
