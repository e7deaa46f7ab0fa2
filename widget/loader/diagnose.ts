import type { EmbedStatus } from "../../mock-service/contract/frame";
import type { ScriptTarget } from "./script-url";

/** Whether the frame's load looked refused (it never answered its hello) or it was merely slow. */
export type Symptom = "refused" | "timeout";

/**
 * Why the frame did not load, in words for the developer's console: asks the service whether this
 * page's origin may frame the checkout and whether the checkout can be paid.
 */
export async function diagnose(
  target: ScriptTarget,
  symptom: Symptom,
  pageOrigin = location.origin,
): Promise<string> {
  const checkout = `checkout ${target.checkoutId}`;
  let status: EmbedStatus | undefined;
  try {
    const url = `${target.origin}/embed/${target.checkoutId}/status?origin=${encodeURIComponent(pageOrigin)}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    status = ((await response.json()) as { data?: EmbedStatus }).data;
  } catch {
    // answered below
  }
  if (!status) {
    return `the checkout service at ${target.origin} is not answering (or this page's CSP connect-src does not allow it)`;
  }
  if (status.checkout === "unknown") return `${checkout} is unknown: create a new one`;
  if (status.originAllowed === false) {
    const allowed = status.allowedOrigins.join(" ") || "none";
    return `this page's origin ${pageOrigin} may not show ${checkout}; allowed: ${allowed} (the action URL's origin and FRAME_ANCESTORS)`;
  }
  if (status.checkout === "closed") return `${checkout} has expired or is already paid`;
  return symptom === "refused"
    ? `the browser refused the form of ${checkout}`
    : `the form of ${checkout} was not ready within 8 s`;
}
