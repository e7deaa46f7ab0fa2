import { call, checkoutBody, customerBody, JSON_HEADERS, referenceBody } from "./api";
import { type LoadResult, type LoadTarget, runLoad } from "./load";
import type { BenchOptions } from "./options";
import type { ServerProcess } from "./processes";

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
}

/** Creates what the endpoints read (a payment, a page of customers) and measures each answer's size. */
export async function prepareEndpoints(serviceUrl: string): Promise<Endpoint[]> {
  const reference = await call(serviceUrl, "POST", "/payments/references", referenceBody());
  for (let n = 0; n < 25; n++) await call(serviceUrl, "POST", "/customers", customerBody(n));
  const json = JSON.stringify;
  const targets: [string, LoadTarget][] = [
    [
      "GET /payments/{id}",
      { url: `${serviceUrl}/payments/${reference.data.id}`, method: "GET", headers: JSON_HEADERS },
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
    const body = target.body === undefined ? undefined : JSON.parse(target.body);
    const { bytes } = await call(serviceUrl, target.method, path, body);
    endpoints.push({ name, target, responseBytes: bytes });
  }
  return endpoints;
}

/** Rounds of: baseline, then service, endpoint by endpoint, so that both see the same machine noise. */
export async function measureThroughput(
  endpoints: Endpoint[],
  baseline: ServerProcess,
  service: ServerProcess,
  options: BenchOptions,
  progress: (line: string) => void,
): Promise<EndpointResult[]> {
  const results: EndpointResult[] = endpoints.map((e) => ({
    name: e.name,
    responseBytes: e.responseBytes,
    baseline: [],
    service: [],
  }));
  // Warm-up, not recorded: JIT, SQLite page cache, connection pools.
  for (const endpoint of endpoints) {
    const baselineTarget = { ...endpoint.target, url: `${baseline.baseUrl}/bytes/${endpoint.responseBytes}` };
    await runLoad(baselineTarget, options.warmupS, options.connections, baseline.cpuMs);
    await runLoad(endpoint.target, options.warmupS, options.connections, service.cpuMs);
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
      progress(
        `round ${round} ${endpoint.name}: baseline ${base.rps.toFixed(0)} rps, service ${measured.rps.toFixed(0)} rps` +
          (measured.failures ? ` (${measured.failures} failures)` : ""),
      );
    }
  }
  return results;
}
