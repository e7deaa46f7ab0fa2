/** One key's count in its current window. */
export interface WindowCount {
  count: number;
  /** When the window started (ms since the epoch); it ends `windowMs` later. */
  startedMs: number;
}

/**
 * Fixed-window counters by key. A live window is never evicted (a flood of new keys cannot reset a
 * counted one); windows that have ended are dropped, at most once per window length, so memory holds
 * only the keys seen in the last two windows.
 */
export class WindowCounts {
  private readonly windows = new Map<string, WindowCount>();
  private nextSweepMs = 0;

  constructor(readonly windowMs: number) {}

  /** Counts one more for `key` and returns its window. */
  hit(key: string, nowMs = Date.now()): WindowCount {
    this.sweep(nowMs);
    const live = this.peek(key, nowMs);
    if (live) {
      live.count += 1;
      return live;
    }
    const started = { count: 1, startedMs: nowMs };
    this.windows.set(key, started);
    return started;
  }

  /** The key's window if it has not ended; never counts. */
  peek(key: string, nowMs = Date.now()): WindowCount | undefined {
    const found = this.windows.get(key);
    return found && found.startedMs + this.windowMs > nowMs ? found : undefined;
  }

  /** Milliseconds until the key's window ends (0 when it has). */
  remainingMs(window: WindowCount, nowMs = Date.now()): number {
    return Math.max(0, window.startedMs + this.windowMs - nowMs);
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweepMs) return;
    this.nextSweepMs = nowMs + this.windowMs;
    for (const [key, window] of this.windows) {
      if (window.startedMs + this.windowMs <= nowMs) this.windows.delete(key);
    }
  }
}
