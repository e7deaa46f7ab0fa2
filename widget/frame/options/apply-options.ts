import { checkOptions, type FrameOptions } from "../../shared/options";
import { applyTheme } from "./theme";

/** Checks the merchant's options (a warning for each value left out) and applies their theme. */
export function applyOptions(raw: object): FrameOptions {
  const options = checkOptions(raw, (message) => console.warn(`checkout: ${message}`));
  if (options.theme) applyTheme(options.theme);
  return options;
}
