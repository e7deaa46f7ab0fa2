/**
 * The merchant's options for the checkout form, as the loader (from `data-*` attributes and
 * `window.wpwlOptions`) and `mountCheckout` pass them in their hello: checked here, in the frame,
 * each bad value ignored with a console warning that names it. The check loads only when a page
 * gives options, so the loader and a checkout without options carry none of it.
 */
import type { CheckoutTheme, FontFamily, Locale } from "../embed-api/checkout.mjs";

/** COPYandPAY's brand names, in the order the card form knows them. */
export const BRAND_NAMES = ["VISA", "MASTER", "AMEX", "MAESTRO", "DISCOVER", "DINERS", "JCB"] as const;
export type BrandName = (typeof BRAND_NAMES)[number];

export const LOCALES: readonly Locale[] = ["en", "pt", "es", "fr", "de"];
export const FONT_FAMILIES: readonly FontFamily[] = ["system-ui", "sans-serif", "serif", "monospace"];
export const MAX_RADIUS_PX = 24;

/** The options once checked: valid values only, colours as `#rrggbb`. */
export interface FrameOptions {
  locale?: Locale;
  brands?: BrandName[];
  theme?: CheckoutTheme;
}

/**
 * Options as a page gives them, anything at all, flat as the form's `data-*` attributes are (the
 * theme's keys beside the others). Absent ones are undefined: a page without options sends none.
 */
export type RawOptions = {
  locale?: unknown;
  /** A space- or comma-separated string, or an array of names. */
  brands?: unknown;
} & { [K in keyof CheckoutTheme]?: unknown };

type Warn = (message: string) => void;

/** The first part of a language tag when it is one of the five: `pt-BR` → `pt`. */
export function localeOf(value: unknown): Locale | undefined {
  const tag = typeof value === "string" ? value.toLowerCase().split(/[-_]/)[0] : undefined;
  return LOCALES.find((locale) => locale === tag);
}

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` as `#rrggbb`; undefined for anything else. */
export function parseColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) return `#${hex.length === 3 ? hex.replace(/./g, "$&$&") : hex}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*\)$/.exec(text);
  const channels = rgb ? rgb.slice(1).map(Number) : [];
  if (channels.length !== 3 || channels.some((c) => c > 255)) return undefined;
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A radius of 0 to 24 px, given as a number, `"8"` or `"8px"`. */
export function parseRadius(value: unknown): number | undefined {
  const match = /^(\d{1,2}(\.\d+)?)(px)?$/.exec(String(value).trim());
  const px = match ? Number(match[1]) : NaN;
  return px <= MAX_RADIUS_PX ? px : undefined;
}

const COLOR_KEYS = ["colorPrimary", "colorText", "colorBackground"] as const;

/** A value the page gave, as a warning quotes it (an object as JSON, not "[object Object]"). */
const shown = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

export function checkOptions(raw: RawOptions, warn: Warn): FrameOptions {
  const options: FrameOptions = {};
  if (raw.locale !== undefined) {
    const locale = localeOf(raw.locale);
    if (locale) options.locale = locale;
    else warn(`locale "${shown(raw.locale)}" ignored: use one of ${LOCALES.join(", ")}`);
  }
  if (raw.brands !== undefined) {
    const names = Array.isArray(raw.brands) ? raw.brands : shown(raw.brands).split(/[\s,]+/);
    const brands: BrandName[] = [];
    for (const name of names.map((n) => String(n).toUpperCase()).filter(Boolean)) {
      if ((BRAND_NAMES as readonly string[]).includes(name)) brands.push(name as BrandName);
      else warn(`brand "${name}" ignored: use ${BRAND_NAMES.join(", ")}`);
    }
    if (brands.length > 0) options.brands = brands;
  }
  const theme: CheckoutTheme = {};
  const given = raw;
  for (const key of COLOR_KEYS) {
    if (given[key] === undefined) continue;
    const color = parseColor(given[key]);
    if (color) theme[key] = color;
    else warn(`${key} "${shown(given[key])}" ignored: use #rgb, #rrggbb or rgb(r, g, b)`);
  }
  if (given.borderRadius !== undefined) {
    const radius = parseRadius(given.borderRadius);
    if (radius !== undefined) theme.borderRadius = radius;
    else warn(`borderRadius "${shown(given.borderRadius)}" ignored: use 0 to ${MAX_RADIUS_PX} px`);
  }
  if (given.fontFamily !== undefined) {
    const font = FONT_FAMILIES.find((family) => family === given.fontFamily);
    if (font) theme.fontFamily = font;
    else warn(`fontFamily "${shown(given.fontFamily)}" ignored: use one of ${FONT_FAMILIES.join(", ")}`);
  }
  if (Object.keys(theme).length > 0) options.theme = theme;
  return options;
}
