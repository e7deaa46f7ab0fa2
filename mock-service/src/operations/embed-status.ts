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
  return {
    checkout: !row ? "unknown" : open ? "open" : "closed",
    allowedOrigins: sources,
    originAllowed: origin ? ancestorAllows(sources, origin) : null,
  };
}
