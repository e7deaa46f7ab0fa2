/**
 * Sending slots shared fairly: at most `total` deliveries in flight, and at most `perMerchant` of them
 * for one merchant, so a merchant whose receivers are slow or dead holds only its own slots and never
 * delays another merchant's deliveries.
 */
export class MerchantSlots {
  private readonly merchantOf = new Map<string, string>();
  private readonly countOf = new Map<string, number>();

  constructor(
    readonly total: number,
    readonly perMerchant: number,
  ) {}

  get free(): number {
    return this.total - this.merchantOf.size;
  }

  /** Delivery ids in flight. */
  ids(): string[] {
    return [...this.merchantOf.keys()];
  }

  has(deliveryId: string): boolean {
    return this.merchantOf.has(deliveryId);
  }

  /** Merchants using all their slots: nothing more of theirs can start now. */
  fullMerchants(): string[] {
    return [...this.countOf].filter(([, count]) => count >= this.perMerchant).map(([merchant]) => merchant);
  }

  /** Takes a slot for the delivery if there is one for its merchant; false otherwise. */
  take(deliveryId: string, merchantId: string): boolean {
    const count = this.countOf.get(merchantId) ?? 0;
    if (this.free <= 0 || count >= this.perMerchant || this.merchantOf.has(deliveryId)) return false;
    this.merchantOf.set(deliveryId, merchantId);
    this.countOf.set(merchantId, count + 1);
    return true;
  }

  release(deliveryId: string): void {
    const merchantId = this.merchantOf.get(deliveryId);
    if (merchantId === undefined) return;
    this.merchantOf.delete(deliveryId);
    const count = (this.countOf.get(merchantId) ?? 1) - 1;
    if (count > 0) this.countOf.set(merchantId, count);
    else this.countOf.delete(merchantId);
  }
}
