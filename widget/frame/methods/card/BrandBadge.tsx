import { brandDisplay } from "./brand";

export const BRAND_BADGE_ID = "number-brand";

/** The detected brand, as text next to the card number (and read with it). */
export function BrandBadge({ number }: { number: string }) {
  const brand = brandDisplay(number);
  if (!brand) return null;
  return (
    <span id={BRAND_BADGE_ID} class={`brand brand--${brand.brand}`}>
      {brand.label}
    </span>
  );
}
