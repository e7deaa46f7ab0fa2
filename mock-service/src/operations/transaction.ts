import type { Db } from "../store/db";
import { checkoutChanged } from "./checkout-updates";
import type { Ctx } from "./context";

/** What happens once the transaction is committed, queued by what wrote inside it. */
export class AfterCommit {
  #notify = false;
  #checkouts: string[] | undefined;

  /** Deliveries were queued in the outbox: the notifier wakes to send them. */
  deliveriesQueued(): void {
    this.#notify = true;
  }

  /** A checkout changed: the frame's event stream pushes its new state. */
  checkoutChanged(id: string): void {
    (this.#checkouts ??= []).push(id);
  }

  run(ctx: Ctx): void {
    if (this.#notify) ctx.notify();
    if (this.#checkouts) for (const id of this.#checkouts) checkoutChanged(id);
  }
}

/**
 * Runs `work` in one transaction; what it queued on `after` runs once the transaction has ended
 * well, and not at all when it failed. (The notifier and the frame's event stream then wait for the
 * group commit's durability before they send anything.) `emitEvent` and `changeCheckout` take `after`, so a
 * write that must be announced cannot be made without queueing its announcement.
 */
export async function inTransaction<T>(
  ctx: Ctx,
  work: (tx: Db, after: AfterCommit) => Promise<T>,
): Promise<T> {
  const after = new AfterCommit();
  const result = await ctx.db.transaction().execute((tx) => work(tx, after));
  after.run(ctx);
  return result;
}
