import { call, checkoutBody, customerBody, JSON_HEADERS, referenceBody } from "./api";
import { type LoadResult, type LoadTarget, runLoad } from "./load";
import type { BenchOptions } from "./options";
import type { ServerProcess } from "./processes";
import { REFERENCE_ROUTES, type ReferenceKey } from "./reference-routes";

export interface Endpoint {
  name: string;
  target: LoadTarget;
  /** Bytes of one answer of the service: the baseline answers a body of this size. */
  responseBytes: number;
}

export interface EndpointResult {
  name: string;
  responseBytes: number;
  baseline: LoadResult[];
  service: LoadResult[];
  /** GET endpoints only: the reference server's routes, answering the same size. */
  reference?: Record<ReferenceKey, LoadResult[]>;
}

export interface Servers {
  baseline: ServerProcess;
  service: ServerProcess;
  reference: ServerProcess;
}

/** Creates what the endpoints read (a payment, a page of customers) and measures each answer's size. */
export async function prepareEndpoints(serviceUrl: string): Promise<Endpoint[]> {
  const reference = await call(serviceUrl, "POST", "/payments/references", referenceBody());
  for (let n = 0; n < 25; n++) await call(serviceUrl, "POST", "/customers", customerBody(n));
  const json = JSON.stringify;
  const targets: [string, LoadTarget][] = [
    [
      "GET /payments/{id}",
      { url: `${serviceUrl}/payments/${String(reference.data.id)}`, method: "GET", headers: JSON_HEADERS },
    ],
    [
      "GET /customers?limit=20",
      { url: `${serviceUrl}/customers?limit=20`, method: "GET", headers: JSON_HEADERS },
    ],
    [
      "POST /checkouts",
      { url: `${serviceUrl}/checkouts`, method: "POST", headers: JSON_HEADERS, body: json(checkoutBody()) },
    ],
    [
      "POST /payments/references",
      {
        url: `${serviceUrl}/payments/references`,
        method: "POST",
        headers: JSON_HEADERS,
        body: json(referenceBody()),
      },
    ],
  ];
  const endpoints: Endpoint[] = [];
  for (const [name, target] of targets) {
    const path = target.url.slice(serviceUrl.length);
    const body: unknown = target.body === undefined ? undefined : JSON.parse(target.body);
    const { bytes } = await call(serviceUrl, target.method, path, body);
    endpoints.push({ name, target, responseBytes: bytes });
  }
  return endpoints;
}

const hasReference = (endpoint: Endpoint) => endpoint.target.method === "GET";

function referenceTarget(endpoint: Endpoint, reference: ServerProcess, path: string): LoadTarget {
  return { ...endpoint.target, url: `${reference.baseUrl}${path}${endpoint.responseBytes}` };
}

/**
 * Rounds of: baseline, then service (then, for GETs, the reference routes), endpoint by endpoint,
 * so that all see the same machine noise.
 */
export async function measureThroughput(
  endpoints: Endpoint[],
  { baseline, service, reference }: Servers,
  options: BenchOptions,
  progress: (line: string) => void,
): Promise<EndpointResult[]> {
  const results: EndpointResult[] = endpoints.map((e) => ({
    name: e.name,
    responseBytes: e.responseBytes,
    baseline: [],
    service: [],
    ...(hasReference(e) && { reference: { constantBody: [], sqliteRead: [] } }),
  }));
  // Warm-up, not recorded: JIT, SQLite page cache, connection pools.
  for (const endpoint of endpoints) {
    const baselineTarget = { ...endpoint.target, url: `${baseline.baseUrl}/bytes/${endpoint.responseBytes}` };
    await runLoad(baselineTarget, options.warmupS, options.connections, baseline.cpuMs);
    await runLoad(endpoint.target, options.warmupS, options.connections, service.cpuMs);
    if (!hasReference(endpoint)) continue;
    for (const route of REFERENCE_ROUTES) {
      const target = referenceTarget(endpoint, reference, route.path);
      await runLoad(target, options.warmupS, options.connections, reference.cpuMs);
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const [i, endpoint] of endpoints.entries()) {
      const result = results[i] as EndpointResult;
      const baselineTarget: LoadTarget = {
        ...endpoint.target,
        url: `${baseline.baseUrl}/bytes/${endpoint.responseBytes}`,
      };
      const base = await runLoad(baselineTarget, options.durationS, options.connections, baseline.cpuMs);
      result.baseline.push(base);
      const measured = await runLoad(endpoint.target, options.durationS, options.connections, service.cpuMs);
      result.service.push(measured);
      let line =
        `round ${round} ${endpoint.name}: baseline ${base.rps.toFixed(0)} rps, service ${measured.rps.toFixed(0)} rps` +
        (measured.failures ? ` (${measured.failures} failures)` : "");
      const referenceRuns = result.reference;
      if (referenceRuns) {
        for (const route of REFERENCE_ROUTES) {
          const target = referenceTarget(endpoint, reference, route.path);
          const run = await runLoad(target, options.durationS, options.connections, reference.cpuMs);
          referenceRuns[route.key].push(run);
          line +=
            `, ${route.label} ${run.rps.toFixed(0)} rps` +
            (run.failures ? ` (${run.failures} failures)` : "");
        }
      }
      progress(line);
    }
  }
  return results;
}
