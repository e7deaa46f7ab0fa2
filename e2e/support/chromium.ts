import { existsSync } from "node:fs";

/** CHROMIUM_PATH, else Debian's Chromium when present, else undefined (Playwright's own browser). */
export const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** Flags for a sandboxed machine without network: no GPU, no background connections. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
