import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { WindowCounts } from "../http/window-counts";

interface StoreOptions {
  /** A number once the plugin has merged the options. */
  timeWindow?: unknown;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate limiter's buckets (a `store` of @fastify/rate-limit). Unlike its default store (an LRU of
 * 5 000 keys), a bucket lives until its window ends, so a flood of new keys cannot evict and thereby
 * reset a counted one. Routes sharing a `groupId` share buckets; other routes with their own limits
 * get their own.
 */
export class BucketStore implements FastifyRateLimitStore {
  private readonly counts: WindowCounts;

  constructor(options: StoreOptions, family = new Map<string, WindowCounts>()) {
    const route = options.routeInfo;
    const name = options.groupId ?? (route?.url ? `${String(route.method)} ${route.url}` : "");
    const windowMs = typeof options.timeWindow === "number" ? options.timeWindow : 60_000;
    const counts = family.get(name) ?? new WindowCounts(windowMs);
    family.set(name, counts);
    this.counts = counts;
    this.child = (routeOptions) => new BucketStore(routeOptions as StoreOptions, family);
  }

  readonly child: FastifyRateLimitStore["child"];

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
  ): void {
    const window = this.counts.hit(key);
    callback(null, { current: window.count, ttl: this.counts.remainingMs(window) });
  }
}
