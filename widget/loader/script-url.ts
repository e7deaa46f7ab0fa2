import { CHECKOUT_ID } from "@contract/ids";
import { httpUrl } from "../shared/http-url";

const CHECKOUT_PATH = new RegExp(`/embed/(${CHECKOUT_ID.source.slice(1, -1)})$`);

export interface ScriptTarget {
  checkoutId: string;
  /** The checkout origin: where the frame lives and the only origin whose messages are trusted. */
  origin: string;
}

/** Reads the checkout id and origin from the loader's own URL, `{origin}/embed/<id>?page_layout=embed`. */
export function readScriptUrl(src: string): ScriptTarget | undefined {
  const url = httpUrl(src);
  const match = url && CHECKOUT_PATH.exec(url.pathname);
  return match && match[1] ? { checkoutId: match[1], origin: url.origin } : undefined;
}
