// `npx tsx bench/widget-only.ts [--loads N] [--slowdown 4] [--warm]`: only the widget's time to
// interactive, against a service of its own, to iterate on the frame without the load runs.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "./browser";
import { startMerchantPage } from "./merchant-page";
import { ROOT } from "./processes";
import { startService } from "./service";
import { ensureWidgetBuild } from "./widget-build";
import { measureTimeToInteractive } from "./widget-timing";

const args = process.argv.slice(2);
const valueOf = (flag: string, fallback: number) => {
  const at = args.indexOf(flag);
  const value = at >= 0 ? Number(args[at + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const loads = valueOf("--loads", 20);
const slowdowns = args.includes("--slowdown") ? [valueOf("--slowdown", 4)] : [1, 4];
const caches = args.includes("--warm") ? (["cold", "warm"] as const) : (["cold"] as const);
const progress = (line: string) => console.error(`widget: ${line}`);

mkdirSync(join(ROOT, "data"), { recursive: true });
const workDir = mkdtempSync(join(ROOT, "data/bench-widget-"));

async function main(): Promise<void> {
  const built = ensureWidgetBuild(progress);
  if (!built.ok) throw new Error(built.reason);
  const service = await startService({
    databaseFile: join(workDir, "widget.db"),
    logFile: join(workDir, "service.log"),
    rateLimitPerMinute: 100_000_000,
  });
  const merchant = await startMerchantPage();
  const browser = await launchChromium();
  try {
    for (const cpuSlowdown of slowdowns) {
      for (const cache of caches) {
        const run = await measureTimeToInteractive(browser, service.baseUrl, merchant, {
          loads,
          cpuSlowdown,
          cache,
        });
        const sorted = [...run.samples].sort((a, b) => a - b).map((ms) => ms.toFixed(0));
        progress(
          `${cpuSlowdown}× CPU, ${cache}: median ${run.medianMs.toFixed(0)} ms of ${loads} [${sorted.join(" ")}]`,
        );
      }
    }
  } finally {
    await browser.close();
    await merchant.close();
    await service.stop();
  }
}

try {
  await main();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
