import { cpus } from "node:os";
import type { GrowthResult } from "./growth";
import type { BenchOptions } from "./options";
import { REFERENCE_ROUTES, type ReferenceKey } from "./reference-routes";
import type { EndpointResult } from "./throughput";
import type { InteractiveTimes } from "./widget-timing";
import type { WidgetSizes } from "./widget-size";

export interface Target {
  what: string;
  goal: string;
  value: string;
  pass: boolean | null;
}

/** One reference route's figures for one endpoint: means over the rounds, ratios to the baseline's means. */
export interface ReferenceFigures {
  rps: number;
  rpsRatio: number;
  cpuUs: number;
  cpuRatio: number;
  failures: number;
}

export interface Summary {
  date: string;
  machine: { nproc: number; cpu: string; node: string };
  options: BenchOptions;
  throughput: {
    name: string;
    responseBytes: number;
    baselineRps: number;
    serviceRps: number;
    rpsRatio: number;
    baselineP50Ms: number;
    serviceP50Ms: number;
    baselineP99Ms: number;
    serviceP99Ms: number;
    baselineCpuUs: number;
    serviceCpuUs: number;
    cpuRatio: number;
    failures: number;
    rounds: EndpointResult;
  }[];
  /** GET endpoints: what the stack itself reaches with an answer of the same size (rounds in throughput). */
  reference: { name: string; responseBytes: number; routes: Record<ReferenceKey, ReferenceFigures> }[];
  growth: { name: string; p50MsByRows: Record<string, number>; ratio: number | null; raw: GrowthResult }[];
  widget:
    | {
        available: true;
        sizes: WidgetSizes;
        interactive: InteractiveTimes;
        warm: InteractiveTimes;
        throttled: InteractiveTimes;
        throttledWarm: InteractiveTimes;
      }
    | { available: false; reason: string };
  startup: { serviceMs: number; baselineMs: number; ratio: number };
  memory: { serviceRssMb: number; baselineRssMb: number; ratio: number };
  targets: Target[];
}

export interface Measurements {
  options: BenchOptions;
  throughput: EndpointResult[];
  growth: GrowthResult[];
  widget: Summary["widget"];
  startup: { serviceMs: number; baselineMs: number };
  memory: { serviceRssMb: number; baselineRssMb: number };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export function summarise(m: Measurements, nproc: number): Summary {
  const throughput = m.throughput.map((r) => {
    const baselineRps = mean(r.baseline.map((x) => x.rps));
    const serviceRps = mean(r.service.map((x) => x.rps));
    return {
      name: r.name,
      responseBytes: r.responseBytes,
      baselineRps,
      serviceRps,
      rpsRatio: serviceRps / baselineRps,
      baselineP50Ms: mean(r.baseline.map((x) => x.p50Ms)),
      serviceP50Ms: mean(r.service.map((x) => x.p50Ms)),
      baselineP99Ms: mean(r.baseline.map((x) => x.p99Ms)),
      serviceP99Ms: mean(r.service.map((x) => x.p99Ms)),
      baselineCpuUs: mean(r.baseline.map((x) => x.serverCpuUsPerRequest)),
      serviceCpuUs: mean(r.service.map((x) => x.serverCpuUsPerRequest)),
      cpuRatio:
        mean(r.service.map((x) => x.serverCpuUsPerRequest)) /
        mean(r.baseline.map((x) => x.serverCpuUsPerRequest)),
      failures: r.service.reduce((n, x) => n + x.failures, 0),
      rounds: r,
    };
  });
  const reference = m.throughput.flatMap((r) => {
    const runs = r.reference;
    if (!runs) return [];
    const figures = (key: ReferenceKey): ReferenceFigures => {
      const rps = mean(runs[key].map((x) => x.rps));
      const cpuUs = mean(runs[key].map((x) => x.serverCpuUsPerRequest));
      return {
        rps,
        rpsRatio: rps / mean(r.baseline.map((x) => x.rps)),
        cpuUs,
        cpuRatio: cpuUs / mean(r.baseline.map((x) => x.serverCpuUsPerRequest)),
        failures: runs[key].reduce((n, x) => n + x.failures, 0),
      };
    };
    const routes = Object.fromEntries(REFERENCE_ROUTES.map(({ key }) => [key, figures(key)]));
    return [
      {
        name: r.name,
        responseBytes: r.responseBytes,
        routes: routes as Record<ReferenceKey, ReferenceFigures>,
      },
    ];
  });
  const growth = m.growth.map((g) => {
    const p50MsByRows: Record<string, number> = {};
    for (const size of g.bySize) p50MsByRows[String(size.rows)] = mean(size.samples.map((s) => s.p50Ms));
    const first = g.bySize[0];
    const last = g.bySize.at(-1);
    const ratio =
      first && last && first !== last
        ? (p50MsByRows[last.rows] as number) / (p50MsByRows[first.rows] as number)
        : null;
    return { name: g.name, p50MsByRows, ratio, raw: g };
  });
  const summary: Summary = {
    date: new Date().toISOString(),
    machine: { nproc, cpu: cpus()[0]?.model.trim() ?? "unknown", node: process.version },
    options: m.options,
    throughput,
    reference,
    growth,
    widget: m.widget,
    startup: { ...m.startup, ratio: m.startup.serviceMs / m.startup.baselineMs },
    memory: { ...m.memory, ratio: m.memory.serviceRssMb / m.memory.baselineRssMb },
    targets: [],
  };
  summary.targets = targets(summary);
  return summary;
}

function targets(s: Summary): Target[] {
  const list: Target[] = [];
  const rps = (name: string, goal: number) => {
    const row = s.throughput.find((t) => t.name === name);
    if (row)
      list.push({
        what: `${name} rps`,
        goal: `≥ ${goal}× baseline`,
        value: `${row.rpsRatio.toFixed(2)}×`,
        pass: row.rpsRatio >= goal,
      });
  };
  rps("GET /payments/{id}", 0.6);
  rps("POST /checkouts", 0.35);
  for (const g of s.growth) {
    list.push({
      what: `growth ${g.name}`,
      goal: "≤ 1.5×",
      value: g.ratio === null ? "n/a (one size)" : `${g.ratio.toFixed(2)}×`,
      pass: g.ratio === null ? null : g.ratio <= 1.5,
    });
  }
  if (s.widget.available) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
    const w = s.widget;
    list.push({
      what: "loader gzip",
      goal: "≤ 3 KB",
      value: kb(w.sizes.loader.gzip),
      pass: w.sizes.loader.gzip <= 3 * 1024,
    });
    list.push({
      what: "all widget bytes gzip",
      goal: "≤ 20 KB",
      value: kb(w.sizes.total.gzip),
      pass: w.sizes.total.gzip <= 20 * 1024,
    });
    for (const [label, times] of [
      ["cold cache", w.interactive],
      ["warm cache", w.warm],
    ] as const) {
      list.push({
        what: `median time to interactive, ${label}`,
        goal: "≤ 150 ms",
        value: `${times.medianMs.toFixed(0)} ms`,
        pass: times.medianMs <= 150,
      });
    }
  } else {
    list.push({ what: "widget", goal: "budgets", value: `not available: ${s.widget.reason}`, pass: null });
  }
  return list;
}
