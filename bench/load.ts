import autocannon from "autocannon";

export interface LoadTarget {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  /** Latency percentiles in milliseconds, as autocannon records them (1 ms resolution). */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  /** CPU time the server spent per answered request, in microseconds: steadier than rps on a shared machine. */
  serverCpuUsPerRequest: number;
  /** Answers that were not 2xx, plus errors and timeouts: a correct run has none. */
  failures: number;
}

/** Keeps `connections` requests in flight for `durationS` seconds and summarises what came back. */
export async function runLoad(
  target: LoadTarget,
  durationS: number,
  connections: number,
  serverCpuMs: () => Promise<number>,
): Promise<LoadResult> {
  const cpuBefore = await serverCpuMs();
  const result = await autocannon({
    url: target.url,
    method: target.method,
    ...(target.headers && { headers: target.headers }),
    ...(target.body !== undefined && { body: target.body }),
    duration: durationS,
    connections,
    pipelining: 1,
  });
  const cpuUsed = (await serverCpuMs()) - cpuBefore;
  return {
    serverCpuUsPerRequest: (cpuUsed * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
