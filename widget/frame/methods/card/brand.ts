import { detectBrand } from "@contract/card-brands";
import { brandAccepted } from "../../options/merchant-options";

export interface BrandDisplay {
  brand: string;
  label: string;
}

/** The brand to show next to the number as the shopper types: undefined while unknown or not accepted. */
export function brandDisplay(number: string): BrandDisplay | undefined {
  const rule = brandAccepted(number) ? detectBrand(number) : undefined;
  return rule ? { brand: rule.brand, label: rule.label } : undefined;
}
