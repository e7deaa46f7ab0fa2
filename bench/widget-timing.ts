import type { Browser, BrowserContext, Frame, Page } from "@playwright/test";
import { call, checkoutBody } from "./api";
import type { MerchantPage } from "./merchant-page";

export interface InteractiveTimes {
  cpuSlowdown: number;
  cache: "cold" | "warm";
  /** Milliseconds from the merchant page's navigation start to the card-number field being usable. */
  samples: number[];
  medianMs: number;
  /** Whether the checkout frame ran in its own renderer process (then it was throttled separately). */
  frameOutOfProcess: boolean;
}

declare global {
  interface Window {
    __numberReadyAt?: number;
  }
}

/**
 * Runs in every frame before its scripts: in the checkout frame, notes the moment the card-number
 * input exists and is enabled (Preact has rendered it with its handlers attached), on the epoch clock.
 * A string, not a function: tsx would wrap a function's inner closures in helpers the page lacks.
 */
const WATCH_CARD_NUMBER = `(() => {
  if (!location.pathname.startsWith("/checkout-frame/")) return;
  const ready = () => {
    const input = document.getElementById("number");
    if (!input || input.disabled) return false;
    window.__numberReadyAt = performance.timeOrigin + performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (ready()) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * Each load: a new checkout and one navigation of the merchant page. Cold: a fresh browser context
 * per load (empty cache, like a first visit). Warm: one context for all loads, after one unrecorded
 * load (HTTP and code caches filled, like a returning shopper).
 */
export async function measureTimeToInteractive(
  browser: Browser,
  serviceUrl: string,
  merchant: MerchantPage,
  run: { loads: number; cpuSlowdown: number; cache: "cold" | "warm" },
): Promise<InteractiveTimes> {
  const samples: number[] = [];
  let frameOutOfProcess = false;
  const shared = run.cache === "warm" ? await browser.newContext() : undefined;
  try {
    if (shared) await loadOnce(shared, serviceUrl, merchant, run.cpuSlowdown);
    for (let i = 0; i < run.loads; i++) {
      const context = shared ?? (await browser.newContext());
      try {
        const load = await loadOnce(context, serviceUrl, merchant, run.cpuSlowdown);
        samples.push(load.ms);
        frameOutOfProcess ||= load.frameOutOfProcess;
      } finally {
        if (!shared) await context.close();
      }
    }
  } finally {
    await shared?.close();
  }
  return {
    cpuSlowdown: run.cpuSlowdown,
    cache: run.cache,
    samples,
    medianMs: median(samples),
    frameOutOfProcess,
  };
}

const watched = new WeakSet<BrowserContext>();

async function loadOnce(
  context: BrowserContext,
  serviceUrl: string,
  merchant: MerchantPage,
  cpuSlowdown: number,
): Promise<{ ms: number; frameOutOfProcess: boolean }> {
  const { data } = await call(serviceUrl, "POST", "/checkouts", checkoutBody(`${merchant.origin}/result`));
  if (!watched.has(context)) {
    await context.addInitScript(WATCH_CARD_NUMBER);
    watched.add(context);
  }
  const page = await context.newPage();
  try {
    if (cpuSlowdown > 1) await throttle(page, cpuSlowdown);
    let frameOutOfProcess = false;
    page.on("frameattached", (frame) => {
      if (cpuSlowdown <= 1) return;
      // An out-of-process frame has its own CDP target: throttle it too.
      context
        .newCDPSession(frame)
        .then((cdp) => cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown }))
        .then(
          () => {
            frameOutOfProcess = true;
          },
          () => {},
        );
    });
    await page.goto(merchant.pageUrl(String(data.checkoutUrl)));
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const frame = await waitForCheckoutFrame(page);
    // A function, not a string: the frame's CSP forbids eval, which Playwright uses for strings.
    const readyAt = await frame.waitForFunction(() => window.__numberReadyAt, undefined, { timeout: 30_000 });
    const ms = ((await readyAt.jsonValue()) as number) - navigationStart;
    // TTI_DEBUG=1: when each of the frame's downloads finished, in ms after the merchant page's navigation.
    if (process.env.TTI_DEBUG) {
      const done = await frame.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
          (e) => `${e.name.slice(-24)} @ ${performance.timeOrigin + e.responseEnd}`,
        ),
      );
      const relative = done.map((d) =>
        d.replace(/@ ([\d.]+)$/, (_, t) => `+${(Number(t) - navigationStart).toFixed(0)}`),
      );
      console.error(`tti ${ms.toFixed(0)} ms; frame downloads done: ${relative.join(", ")}`);
      console.error(`  merchant: ${await milestones(page, navigationStart)}`);
      console.error(`  frame:    ${await milestones(frame, navigationStart)}`);
    }
    return { ms, frameOutOfProcess };
  } finally {
    await page.close();
  }
}

/** TTI_DEBUG: a document's navigation milestones and its marks, in ms after the merchant's navigation. */
async function milestones(target: Page | Frame, navigationStart: number): Promise<string> {
  // No named inner functions: tsx would wrap them in a helper (__name) the page lacks.
  const marks = await target.evaluate(() => {
    const origin = performance.timeOrigin;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const entries: [string, number][] = nav
      ? [
          ["start", origin],
          ["response", origin + nav.responseEnd],
          ["interactive", origin + nav.domInteractive],
          ["dcl", origin + nav.domContentLoadedEventEnd],
        ]
      : [];
    for (const e of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      const name = `${e.name.split("/").pop()?.slice(0, 12)}(${(e.responseEnd - e.startTime).toFixed(0)})`;
      entries.push([name, origin + e.responseEnd]);
    }
    for (const e of performance.getEntriesByType("mark")) entries.push([e.name, origin + e.startTime]);
    return entries;
  });
  return marks
    .sort((a, b) => a[1] - b[1])
    .map(([name, t]) => `${name} +${(t - navigationStart).toFixed(0)}`)
    .join(", ");
}

async function waitForCheckoutFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes("/checkout-frame/"));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error("the checkout frame never appeared on the merchant page");
    await page.waitForEvent("frameattached", { timeout: 1_000 }).catch(() => {});
  }
}
