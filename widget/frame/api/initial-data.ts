import type { FrameCheckout } from "@contract/frame";
import type { LoadResult } from "./frame-api";

export const INITIAL_DATA_ID = "checkout-data";

/**
 * The checkout the service embedded in the frame page (`<script type="application/json">`), so the
 * first render needs no request: the checkout itself, or the status its request would get (404).
 * Anything missing, unreadable or about another checkout is ignored, and the frame fetches instead.
 */
export function readInitialData(checkoutId: string, doc: Document = document): LoadResult | undefined {
  let data: { checkout?: FrameCheckout; status?: unknown } | null;
  try {
    data = JSON.parse(doc.getElementById(INITIAL_DATA_ID)?.textContent ?? "null") as typeof data;
  } catch {
    return undefined;
  }
  if (data?.checkout?.id === checkoutId) return { kind: "checkout", checkout: data.checkout };
  if (typeof data?.status === "number" && data.status >= 400) {
    return { kind: "failure", status: data.status, code: "not_found", details: [] };
  }
  return undefined;
}
