/**
 * Counts open event streams per checkout and per client address, so that neither one checkout id nor
 * one client can hold an unbounded number of sockets, listeners and timers.
 */
export class OpenStreams {
  private readonly perCheckout = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    readonly maxPerCheckout: number,
    readonly maxPerAddress: number,
  ) {}

  /** Registers a stream; undefined when a limit is reached, else a function that closes it (once). */
  open(checkoutId: string, address: string): (() => void) | undefined {
    if ((this.perCheckout.get(checkoutId) ?? 0) >= this.maxPerCheckout) return undefined;
    if ((this.perAddress.get(address) ?? 0) >= this.maxPerAddress) return undefined;
    add(this.perCheckout, checkoutId, 1);
    add(this.perAddress, address, 1);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      add(this.perCheckout, checkoutId, -1);
      add(this.perAddress, address, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
