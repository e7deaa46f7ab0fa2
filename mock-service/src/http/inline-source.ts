import { createHash } from "node:crypto";

/** A script or stylesheet placed inside the frame page, with the CSP source that allows exactly it. */
export interface InlineSource {
  text: string;
  /** `'sha256-…'`, for `script-src` or `style-src`. */
  hash: string;
}

/** What would end the element early or switch the HTML parser out of raw text. */
const BREAKS_OUT = { script: /<\/script|<!--/i, style: /<\/style/i };

/** The text as an inline element's content; undefined when it cannot be inlined safely (link it). */
export function inlineSource(text: string, element: "script" | "style"): InlineSource | undefined {
  if (BREAKS_OUT[element].test(text)) return undefined;
  return { text, hash: `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'` };
}
