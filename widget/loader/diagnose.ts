import type { EmbedStatus } from "../../mock-service/contract/frame";
import type { ScriptTarget } from "./script-url";

/** Whether the frame's load looked refused (it never answered its hello) or it was merely slow. */
export type Symptom = "refused" | "timeout";

/**
 * Why the frame did not load, in words for the developer's console: the service says whether this
 * page's origin may frame the checkout and whether the checkout can be paid.
 */
export async function diagnose(
  target: ScriptTarget,
  symptom: Symptom,
  pageOrigin = location.origin,
): Promise<string> {
  let status: EmbedStatus | undefined;
  try {
    const url = `${target.origin}/embed/${target.checkoutId}/status?origin=${encodeURIComponent(pageOrigin)}`;
    status = (
      (await (await fetch(url, { signal: AbortSignal.timeout(5000) })).json()) as { data?: EmbedStatus }
    ).data;
  } catch {
    // answered below
  }
  if (!status) return `the checkout service at ${target.origin} is not answering`;
  if (status.checkout !== "open" || !status.originAllowed) return status.message;
  return `${status.message}, but its form ${symptom === "refused" ? "was refused" : "was not ready within 8 s"}`;
}
