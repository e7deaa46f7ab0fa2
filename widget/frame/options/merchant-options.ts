import { detectBrand } from "@contract/card-brands";
import type { BrandName, FrameOptions } from "../../shared/options";
import { signal } from "../utils/signals";

/**
 * The merchant's options, as the loader's hello brought them and once checked: undefined until
 * then (a frame opened on its own never gets any).
 */
export const merchantOptions = signal<FrameOptions | undefined>(undefined);

/** COPYandPAY's name of the brand a (partial) card number shows, or null while none is known. */
export function brandNameOf(number: string): BrandName | null {
  const brand = detectBrand(number)?.brand;
  return brand ? (brand === "mastercard" ? "MASTER" : (brand.toUpperCase() as BrandName)) : null;
}

/** Whether the merchant accepts the number's brand (any brand when they named none). */
export function brandAccepted(number: string): boolean {
  const accepted = merchantOptions.value?.brands;
  const name = brandNameOf(number);
  return !accepted || !name || accepted.includes(name);
}

/**
 * Takes the hello's options. They come from another page: their check, with its warnings, and the
 * theme are code that loads only when there are options at all.
 */
export async function receiveOptions(raw: unknown): Promise<void> {
  const given = typeof raw === "object" && raw && Object.values(raw).some((value) => value !== undefined);
  merchantOptions.value = given
    ? await import("./apply-options").then(({ applyOptions }) => applyOptions(raw)).catch(() => ({}))
    : {};
}
