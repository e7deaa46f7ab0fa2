import { dashboardFingerprint } from "../store/dashboard";
import type { Ctx } from "./context";

/**
 * Live updates for open dashboards: while a merchant has one open, its fingerprint (store/dashboard.ts)
 * is read every POLL_MS and listeners are told when it changed. Polling the store, rather than hooking
 * every writer, also sees changes made by the workers and the notifier, and costs nothing while no
 * dashboard is open. See docs/decisions/dashboard-live-updates.md.
 */
export const POLL_MS = 250;

interface Watch {
  listeners: Set<() => void>;
  fingerprint: string | undefined;
  timer: NodeJS.Timeout;
  polling: boolean;
}

const watches = new WeakMap<Ctx, Map<string, Watch>>();

export function watchMerchant(ctx: Ctx, merchantId: string, listener: () => void): () => void {
  let byMerchant = watches.get(ctx);
  if (!byMerchant) {
    byMerchant = new Map();
    watches.set(ctx, byMerchant);
  }
  const merchants = byMerchant;
  let watch = merchants.get(merchantId);
  if (!watch) {
    const created: Watch = {
      listeners: new Set(),
      fingerprint: undefined,
      polling: false,
      timer: setInterval(() => void poll(ctx, merchantId, created), POLL_MS).unref(),
    };
    merchants.set(merchantId, created);
    void poll(ctx, merchantId, created);
    watch = created;
  }
  const current = watch;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      clearInterval(current.timer);
      merchants.delete(merchantId);
    }
  };
}

export function openWatchCount(ctx: Ctx, merchantId: string): number {
  return watches.get(ctx)?.get(merchantId)?.listeners.size ?? 0;
}

async function poll(ctx: Ctx, merchantId: string, watch: Watch): Promise<void> {
  if (watch.polling) return;
  watch.polling = true;
  try {
    const fingerprint = await dashboardFingerprint(ctx.db, merchantId);
    const changed = watch.fingerprint !== undefined && fingerprint !== watch.fingerprint;
    watch.fingerprint = fingerprint;
    if (changed) for (const listener of watch.listeners) listener();
  } catch {
    // The database is closing or unavailable: the next poll tries again.
  } finally {
    watch.polling = false;
  }
}
