import { join } from "node:path";
import { JSON_HEADERS } from "./api";
import { type LatencySample, sampleLatency } from "./latency";
import type { BenchOptions } from "./options";
import { type Probes, seedStore } from "./seed";
import { startService } from "./service";

export interface GrowthResult {
  name: string;
  /** Per stored-row count, one sample per round. */
  bySize: { rows: number; samples: LatencySample[] }[];
}

/** Latency of the lookups that must use an index, on stores of each size (seeded directly). */
export async function measureGrowth(
  workDir: string,
  options: BenchOptions,
  progress: (line: string) => void,
): Promise<GrowthResult[]> {
  const stores: { rows: number; databaseFile: string; probes: Probes }[] = [];
  for (const rows of options.growthSizes) {
    const databaseFile = join(workDir, `growth-${rows}.db`);
    const started = performance.now();
    const probes = await seedStore(databaseFile, rows);
    progress(
      `seeded ${rows} customers and payments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    stores.push({ rows, databaseFile, probes });
  }
  const paths = (p: Probes): [string, string][] => [
    ["GET /customers?email=…", `/customers?email=${encodeURIComponent(p.email)}`],
    ["GET /customers?limit=20&startingAfter=…", `/customers?limit=20&startingAfter=${p.customerUuid}`],
    ["GET /payments/{id}", `/payments/${p.paymentId}`],
  ];
  const results: GrowthResult[] = paths(stores[0]?.probes as Probes).map(([name]) => ({
    name,
    bySize: options.growthSizes.map((rows) => ({ rows, samples: [] })),
  }));
  for (let round = 1; round <= options.rounds; round++) {
    for (const [s, store] of stores.entries()) {
      const service = await startService({
        databaseFile: store.databaseFile,
        logFile: join(workDir, "growth-service.log"),
        rateLimitPerMinute: options.rateLimitPerMinute,
      });
      try {
        for (const [i, [name, path]] of paths(store.probes).entries()) {
          const sample = await sampleLatency(
            `${service.baseUrl}${path}`,
            JSON_HEADERS,
            options.growthSamples,
          );
          results[i]?.bySize[s]?.samples.push(sample);
          progress(`round ${round} ${name} with ${store.rows} rows: p50 ${sample.p50Ms.toFixed(3)} ms`);
        }
      } finally {
        await service.stop();
      }
    }
  }
  return results;
}
