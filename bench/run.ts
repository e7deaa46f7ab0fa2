// `npm run bench [-- --quick] [-- --profile]`: the service against a bare node:http baseline (and, for
// GETs, a bare Fastify reference), the widget's weight and time to interactive, and how lookups grow
// with data. Writes bench/results/latest.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { call, checkoutBody } from "./api";
import { launchChromium } from "./browser";
import { measureGrowth } from "./growth";
import { startMerchantPage } from "./merchant-page";
import { parseOptions } from "./options";
import { ROOT, type ServerProcess } from "./processes";
import { startBaseline, startReference, startService } from "./service";
import { type Measurements, summarise } from "./summary";
import { renderTables } from "./table";
import { measureThroughput, prepareEndpoints } from "./throughput";
import { ensureWidgetBuild } from "./widget-build";
import { measureWidgetSizes } from "./widget-size";
import { measureTimeToInteractive } from "./widget-timing";

const options = parseOptions(process.argv.slice(2));
const resultsDir = join(ROOT, "bench/results");
mkdirSync(join(ROOT, "data"), { recursive: true });
const workDir = mkdtempSync(join(ROOT, "data/bench-"));
const progress = (line: string) => console.error(`bench: ${line}`);
const profileDir = options.profile ? join(resultsDir, "profiles") : undefined;

async function main(): Promise<void> {
  const widget = ensureWidgetBuild(progress);
  const baseline = await startBaseline(join(workDir, "baseline.log"));
  const service = await startService({
    databaseFile: join(workDir, "load.db"),
    logFile: join(workDir, "service.log"),
    rateLimitPerMinute: options.rateLimitPerMinute,
    profileDir,
  });
  progress(
    `service answered ${service.startupMs.toFixed(0)} ms after spawn, baseline ${baseline.startupMs.toFixed(0)} ms`,
  );
  let measurements: Measurements;
  let reference: ServerProcess | undefined;
  try {
    const endpoints = await prepareEndpoints(service.baseUrl);
    // Started once the service's answer sizes are known: it seeds one row per size.
    const getSizes = endpoints.filter((e) => e.target.method === "GET").map((e) => e.responseBytes);
    reference = await startReference(join(workDir, "reference.log"), join(workDir, "reference.db"), getSizes);
    progress(`reference answered ${reference.startupMs.toFixed(0)} ms after spawn`);
    const servers = { baseline, service, reference };
    const throughput = await measureThroughput(endpoints, servers, options, progress);
    const memory = { serviceRssMb: await service.rssMb(), baselineRssMb: await baseline.rssMb() };
    let widgetResult: Measurements["widget"] = { available: false, reason: "" };
    if (widget.ok) {
      widgetResult = await measureWidget(service.baseUrl).catch((error: unknown) => {
        progress(`widget measurement failed: ${String(error)}`);
        return { available: false as const, reason: String(error) };
      });
    } else {
      widgetResult = { available: false, reason: widget.reason };
      progress(`widget not available: ${widget.reason}`);
    }
    measurements = {
      options,
      throughput,
      growth: [],
      widget: widgetResult,
      startup: { serviceMs: service.startupMs, baselineMs: baseline.startupMs },
      memory,
    };
  } finally {
    await reference?.stop();
    await service.stop();
    await baseline.stop();
  }
  if (!options.profile) measurements.growth = await measureGrowth(workDir, options, progress);
  const summary = summarise(measurements, availableParallelism());
  mkdirSync(resultsDir, { recursive: true });
  const name = options.quick ? "quick" : "latest";
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  const tables = renderTables(summary);
  writeFileSync(join(resultsDir, `${name}.md`), `${tables}\n`);
  console.log(tables);
}

async function measureWidget(serviceUrl: string): Promise<Measurements["widget"]> {
  const { data } = await call(serviceUrl, "POST", "/checkouts", checkoutBody());
  const sizes = await measureWidgetSizes(serviceUrl, String(data.id));
  const merchant = await startMerchantPage();
  const browser = await launchChromium();
  try {
    const loads = options.pageLoads;
    const interactive = await measureTimeToInteractive(browser, serviceUrl, merchant, {
      loads,
      cpuSlowdown: 1,
      cache: "cold",
    });
    progress(`time to interactive, cold cache: median ${interactive.medianMs.toFixed(0)} ms`);
    const warm = await measureTimeToInteractive(browser, serviceUrl, merchant, {
      loads,
      cpuSlowdown: 1,
      cache: "warm",
    });
    progress(`time to interactive, warm cache: median ${warm.medianMs.toFixed(0)} ms`);
    const throttled = await measureTimeToInteractive(browser, serviceUrl, merchant, {
      loads,
      cpuSlowdown: 4,
      cache: "cold",
    });
    progress(`time to interactive, cold cache, 4× CPU slowdown: median ${throttled.medianMs.toFixed(0)} ms`);
    const throttledWarm = await measureTimeToInteractive(browser, serviceUrl, merchant, {
      loads,
      cpuSlowdown: 4,
      cache: "warm",
    });
    progress(
      `time to interactive, warm cache, 4× CPU slowdown: median ${throttledWarm.medianMs.toFixed(0)} ms`,
    );
    return { available: true, sizes, interactive, warm, throttled, throttledWarm };
  } finally {
    await browser.close();
    await merchant.close();
  }
}

try {
  await main();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
