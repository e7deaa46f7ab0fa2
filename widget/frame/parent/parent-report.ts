import { brandNameOf } from "../options/merchant-options";
import type { ParentChannel } from "./parent-channel";

/**
 * The facts the merchant's page hears from inside the forms (`checkout:brand`, `checkout:error`):
 * a brand's name and a decline's reason and text, never card data. The channel is set once at start.
 */
let channel: ParentChannel | undefined;
let lastBrand: string | null = null;

export function reportTo(parent: ParentChannel): void {
  channel = parent;
}

/** Tells the parent the brand's name when the typed number's brand changes; never the number. */
export function reportBrand(number: string): void {
  const brand = brandNameOf(number);
  if (brand === lastBrand) return;
  lastBrand = brand;
  channel?.send({ type: "brand", brand });
}

/** A decline, as the shopper read it: its reason (the code) and its text. */
export function reportDecline(code: string, message: string): void {
  channel?.send({ type: "error", code, message });
}
