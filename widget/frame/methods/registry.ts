import type { FrameCheckout } from "@contract/frame";
import { card } from "./card";
import type { PaymentMethod } from "./method";
import { mbway } from "./mbway";

/** Every payment method the frame can take. Adding one: its folder, and its line here. */
export const METHODS: readonly PaymentMethod[] = [card, mbway];

/**
 * The checkout's methods that this frame knows, in the merchant's order. A code it does not know
 * (a newer service) is left out, never shown as another method.
 */
export function offeredMethods(checkout: FrameCheckout): PaymentMethod[] {
  return checkout.paymentMethods.flatMap((code) => METHODS.find((method) => method.code === code) ?? []);
}
