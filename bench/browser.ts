import { type Browser, chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";

/** Headless Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    headless: true,
    args: chromiumArgs,
    ...(chromiumPath && { executablePath: chromiumPath }),
  });
}
