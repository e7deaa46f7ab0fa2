import { detectBrand } from "@contract/card-brands";

export interface BrandDisplay {
  brand: string;
  label: string;
}

/** The brand to show next to the number as the shopper types, or undefined while unknown. */
export function brandDisplay(number: string): BrandDisplay | undefined {
  const rule = detectBrand(number);
  return rule ? { brand: rule.brand, label: rule.label } : undefined;
}
