import { existsSync } from "node:fs";
import { type Browser, chromium } from "@playwright/test";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Headless Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own. */
export async function launchChromium(): Promise<Browser> {
  const path =
    process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  return chromium.launch({ headless: true, args: ARGS, ...(path && { executablePath: path }) });
}
