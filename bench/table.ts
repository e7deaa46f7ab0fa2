import { REFERENCE_ROUTES } from "./reference-routes";
import type { Summary } from "./summary";

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const header = (cells: string[]) => [row(cells), row(cells.map(() => "---"))];
const n0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "–");
const n2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "–");
const kb = (bytes: number) => (bytes / 1024).toFixed(2);
const mark = (pass: boolean | null) => (pass === null ? "–" : pass ? "pass" : "FAIL");
const vsBaseline = (ratio: number, cpuUs: number, failures = 0) =>
  `${n2(ratio)}× · ${n0(cpuUs)} µs` + (failures ? ` · ${failures} failures` : "");

/** The results as Markdown tables: readable on a terminal and pasted as-is into the README. */
export function renderTables(s: Summary): string {
  const lines: string[] = [];
  const o = s.options;
  lines.push(
    `${s.date.slice(0, 16).replace("T", " ")} UTC · ${s.machine.nproc} cores, ${s.machine.cpu} · Node ${s.machine.node}` +
      `${o.quick ? " · QUICK run" : ""}`,
    "",
    `Load: autocannon, ${o.connections} connections, ${o.durationS} s per run, ${o.rounds} rounds alternating baseline and service; ` +
      `service as users run it (SQLite file, WAL, SQLITE_SYNCHRONOUS=FULL, LOG_LEVEL=info into a file), ` +
      `RATE_LIMIT_PER_MINUTE raised to ${o.rateLimitPerMinute} for the load runs. ` +
      "Baseline: bare node:http answering a body of the same size. Latency in ms (autocannon, 1 ms resolution). " +
      "CPU µs/req: the server process's user+system CPU time per answered request, steadier than rps on a shared machine.",
    "",
    ...header([
      "Endpoint",
      "Body B",
      "Baseline rps",
      "Service rps",
      "Ratio",
      "p50 base/svc",
      "p99 base/svc",
      "CPU µs/req base/svc",
      "Failures",
    ]),
  );
  for (const t of s.throughput) {
    lines.push(
      row([
        t.name,
        t.responseBytes,
        n0(t.baselineRps),
        n0(t.serviceRps),
        `${n2(t.rpsRatio)}×`,
        `${n0(t.baselineP50Ms)} / ${n0(t.serviceP50Ms)}`,
        `${n0(t.baselineP99Ms)} / ${n0(t.serviceP99Ms)}`,
        `${n0(t.baselineCpuUs)} / ${n0(t.serviceCpuUs)} (${n2(t.cpuRatio)}×)`,
        t.failures,
      ]),
    );
  }
  lines.push(
    "",
    "Reference, the stack's own ceiling: the same GETs answered by a Fastify app with nothing registered " +
      "(the service's fastify package), from a constant body or from one better-sqlite3 primary-key read " +
      "(WAL, synchronous FULL), measured right after each baseline and service run. " +
      "Cells: rps as a ratio to the baseline · server CPU µs/req.",
    "",
    ...header(["Endpoint", ...REFERENCE_ROUTES.map((r) => r.label), "Service"]),
  );
  for (const r of s.reference) {
    const t = s.throughput.find((x) => x.name === r.name);
    lines.push(
      row([
        r.name,
        ...REFERENCE_ROUTES.map(({ key }) => {
          const f = r.routes[key];
          return vsBaseline(f.rpsRatio, f.cpuUs, f.failures);
        }),
        t ? vsBaseline(t.rpsRatio, t.serviceCpuUs) : "–",
      ]),
    );
  }
  const sizes = o.growthSizes;
  lines.push(
    "",
    `Growth: p50 latency (ms) of ${o.growthSamples} sequential requests on one connection, stores seeded with N customers and N payments.`,
    "",
    ...header(["Lookup", ...sizes.map((n) => `${n} rows`), "Ratio"]),
  );
  for (const g of s.growth) {
    lines.push(
      row([
        g.name,
        ...sizes.map((n) => ms(g.p50MsByRows[String(n)] ?? Number.NaN)),
        g.ratio === null ? "–" : `${n2(g.ratio)}×`,
      ]),
    );
  }
  lines.push("");
  if (s.widget.available) {
    const w = s.widget;
    lines.push(
      "Widget (gzip -9, brotli 11), KB:",
      "",
      ...header(["File", "Raw", "gzip", "brotli"]),
      ...[w.sizes.loader, ...w.sizes.frame].map((f) => row([f.file, kb(f.raw), kb(f.gzip), kb(f.brotli)])),
      row(["**all**", kb(w.sizes.total.raw), kb(w.sizes.total.gzip), kb(w.sizes.total.brotli)]),
      "",
      `Time from merchant-page navigation to an enabled card-number field (headless Chromium, loopback), ` +
        `median of ${w.interactive.samples.length} loads, ms:`,
      "",
      ...header(["CPU", "Cold cache (fresh context)", "Warm cache (same context)"]),
      row(["normal", n0(w.interactive.medianMs), n0(w.warm.medianMs)]),
      row(["4× slowdown", n0(w.throttled.medianMs), n0(w.throttledWarm.medianMs)]),
    );
  } else {
    lines.push(`Widget: not available (${s.widget.reason}).`);
  }
  lines.push(
    "",
    ...header(["Process", "Service", "Baseline", "Ratio"]),
    row([
      "Start-up to first answer (ms)",
      n0(s.startup.serviceMs),
      n0(s.startup.baselineMs),
      `${n2(s.startup.ratio)}×`,
    ]),
    row([
      "RSS after the load runs (MB)",
      n0(s.memory.serviceRssMb),
      n0(s.memory.baselineRssMb),
      `${n2(s.memory.ratio)}×`,
    ]),
    "",
    ...header(["Target", "Goal", "Measured", "Result"]),
    ...s.targets.map((t) => row([t.what, t.goal, t.value, mark(t.pass)])),
  );
  return lines.join("\n");
}
