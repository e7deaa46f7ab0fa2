/** A message pushed to browsers watching one payment. */
export interface LiveUpdate {
  state: string;
  paidAt?: string | undefined;
}

type Listener = (update: LiveUpdate) => void;

/** Fans out payment status changes (from verified notifications) to open server-sent-event streams. */
export class LiveUpdates {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(paymentId: string, listener: Listener): () => void {
    const set = this.listeners.get(paymentId) ?? new Set();
    set.add(listener);
    this.listeners.set(paymentId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(paymentId);
    };
  }

  publish(paymentId: string, update: LiveUpdate): void {
    for (const listener of this.listeners.get(paymentId) ?? []) listener(update);
  }

  listenerCount(paymentId: string): number {
    return this.listeners.get(paymentId)?.size ?? 0;
  }
}
