/** What one bench run does: `--quick` is the smoke variant run by `npm test`, `--profile` adds --cpu-prof. */
export interface BenchOptions {
  quick: boolean;
  /** Write a CPU profile of the service (node --cpu-prof) to bench/results/profiles/. */
  profile: boolean;
  /** Seconds of load per endpoint and server, per round. */
  durationS: number;
  /** Seconds of unrecorded load per endpoint and server before the rounds. */
  warmupS: number;
  connections: number;
  rounds: number;
  /** Stored customers and payments for the growth runs: the first size is the reference. */
  growthSizes: number[];
  /** Sequential requests per growth measurement. */
  growthSamples: number;
  /** Page loads per time-to-interactive measurement. */
  pageLoads: number;
  /** Requests per minute per API key: far above the default so the limiter never answers 429. */
  rateLimitPerMinute: number;
}

export function parseOptions(argv: string[]): BenchOptions {
  const quick = argv.includes("--quick");
  return {
    quick,
    profile: argv.includes("--profile"),
    durationS: quick ? 1 : 8,
    warmupS: quick ? 1 : 2,
    connections: 10,
    rounds: quick ? 1 : 2,
    growthSizes: quick ? [1_000] : [1_000, 100_000],
    growthSamples: quick ? 200 : 2_000,
    pageLoads: quick ? 3 : 20,
    rateLimitPerMinute: 100_000_000,
  };
}
