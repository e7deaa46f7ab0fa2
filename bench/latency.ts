import { Agent, request } from "node:http";

export interface LatencySample {
  p50Ms: number;
  p99Ms: number;
}

/**
 * Latency without queueing: `count` requests one after another on one kept-alive connection,
 * timed with the high-resolution clock (autocannon's histogram only resolves whole milliseconds).
 */
export async function sampleLatency(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<LatencySample> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const status = await get(url, headers, agent);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    }
  } finally {
    agent.destroy();
  }
  // The first tenth warms up the JIT and the page cache.
  const sorted = times.slice(Math.floor(count / 10)).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

function get(url: string, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers, agent }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("error", fail);
    req.end();
  });
}
