import type { EmbedStatus } from "../../contract";
import { ancestorAllows, ancestorSources } from "../domain/frame-ancestors";
import { findCheckoutById } from "../store/checkouts";
import type { Ctx } from "./context";

/**
 * Why a checkout's frame may not load on a page: whether it can still be paid, and which origins
 * may frame it. A read: an overdue checkout is reported closed here and expired by the sweep.
 */
export async function getEmbedStatus(ctx: Ctx, id: string, origin: string | undefined): Promise<EmbedStatus> {
  const row = await findCheckoutById(ctx.db, id);
  const sources = ancestorSources(row && { actionUrl: row.action_url }, ctx.config.FRAME_ANCESTORS);
  const open = row?.state === "PaymentReady" && row.expires_ms > Date.now();
  const checkout = !row ? "unknown" : open ? "open" : "closed";
  const originAllowed = origin ? ancestorAllows(sources, origin) : null;
  return {
    checkout,
    allowedOrigins: sources,
    originAllowed,
    message: explain(id, checkout, sources, origin, originAllowed),
  };
}

function explain(
  id: string,
  checkout: EmbedStatus["checkout"],
  sources: string[],
  origin: string | undefined,
  originAllowed: boolean | null,
): string {
  if (checkout === "unknown") return `checkout ${id} is unknown: create a new one`;
  if (originAllowed === false) {
    const allowed = sources.join(" ") || "none";
    return `this page's origin ${origin} may not show checkout ${id}; allowed: ${allowed} (the action URL's origin and FRAME_ANCESTORS)`;
  }
  if (checkout === "closed") return `checkout ${id} has expired or is already paid`;
  return `checkout ${id} is open${originAllowed ? ` and ${origin} may show it` : ""}`;
}
