import { FONT_FAMILIES, MAX_RADIUS_PX } from "../../shared/options";

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
/** The stylesheet's own colours that must stay readable on a merchant's background. */
const TEXT_COLOURS: Rgb[] = [
  [0x1a, 0x1f, 0x36], // --text
  [0x4f, 0x56, 0x6b], // --muted
  [0xb4, 0x23, 0x18], // --error
  [0x06, 0x76, 0x47], // --success
];
export const MIN_CONTRAST = 4.5;

const rgbOf = (hex: unknown): Rgb | undefined =>
  typeof hex === "string" && /^#[0-9a-f]{6}$/.test(hex)
    ? ([1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb)
    : undefined;
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened step by step until each of `against` reads on it (or it on them) at 4.5:1. */
export function darkenFor(rgb: Rgb, against: Rgb[]): Rgb {
  let colour = rgb;
  while (against.some((other) => contrast(colour, other) < MIN_CONTRAST)) {
    colour = colour.map((c) => c * 0.92) as Rgb;
  }
  return colour;
}

/**
 * Sets the merchant's look as CSS custom properties through the CSSOM (the frame's CSP forbids
 * style attributes). Contrast is kept: the primary colour is darkened until white text on it reads
 * at 4.5:1; a background on which the form's texts would not, or a text colour that would not read
 * on the background, is left out with a warning.
 */
export function applyTheme(theme: object, root: HTMLElement = document.documentElement): void {
  const given = theme as Record<string, unknown>;
  const style = root.style;
  const warn = (what: string) =>
    console.warn(`checkout: ${what} ignored: its contrast is below ${MIN_CONTRAST}:1`);
  let background = rgbOf(given.colorBackground);
  if (background && TEXT_COLOURS.some((text) => contrast(text, background as Rgb) < MIN_CONTRAST)) {
    warn("colorBackground");
    background = undefined;
  }
  if (background) style.setProperty("--background", hexOf(background));
  const text = rgbOf(given.colorText);
  if (text && contrast(text, background ?? WHITE) < MIN_CONTRAST) warn("colorText");
  else if (text) style.setProperty("--text", hexOf(text));
  const primary = rgbOf(given.colorPrimary);
  if (primary) {
    const readable = hexOf(darkenFor(primary, [WHITE, background ?? WHITE]));
    style.setProperty("--accent", readable);
    style.setProperty("--focus", readable);
  }
  const radius = given.borderRadius;
  if (typeof radius === "number" && radius >= 0 && radius <= MAX_RADIUS_PX)
    style.setProperty("--radius", `${radius}px`);
  const font = FONT_FAMILIES.find((family) => family === given.fontFamily);
  if (font) style.setProperty("--font-family", font);
}
