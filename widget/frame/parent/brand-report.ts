import { brandNameOf } from "../options/merchant-options";
import type { ParentChannel } from "./parent-channel";

let channel: ParentChannel | undefined;
let last: string | null = null;

/** Where the detected brand goes: the merchant page's loader (`checkout:brand`). Set once at start. */
export function reportBrandsTo(parent: ParentChannel): void {
  channel = parent;
}

/** Tells the parent the brand's name when the typed number's brand changes; never the number. */
export function reportBrand(number: string): void {
  const brand = brandNameOf(number);
  if (brand === last) return;
  last = brand;
  channel?.send({ type: "brand", brand });
}
