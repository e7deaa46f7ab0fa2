import { EventEmitter } from "node:events";

/**
 * In-process notice that a checkout changed, so that the frame's event stream can push the new
 * state at once. The database stays the source of truth: listeners re-read the checkout.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

export function checkoutChanged(id: string): void {
  bus.emit(id);
}

export function onCheckoutChange(id: string, listener: () => void): () => void {
  bus.on(id, listener);
  return () => bus.off(id, listener);
}
