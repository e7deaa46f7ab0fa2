import { randomUUID } from "node:crypto";
import createClient, { type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

/** The API's named schemas (`Payment`, `Refund`, `Error`, …) as the OpenAPI document describes them. */
export type Schemas = components["schemas"];
export type { components, operations, paths };

export interface ApiClientOptions {
  /** The service's base URL, e.g. `http://localhost:4010`. */
  baseUrl: string;
  /** The merchant's secret key: keep the client on your server. */
  apiKey: string;
  /** Per request; the default is 10 seconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A typed client of the merchant API, generated from its OpenAPI document (client/schema.d.ts):
 * `api.POST("/payments/{id}/refunds", { params: { path: { id } }, body: { amount: 500 } })` checks the
 * path, parameters, body and answer types at compile time. It sends the key as a bearer token and an
 * `Idempotency-Key` on every POST (a fresh one unless the call passes its own, so that a retry of
 * that call with the same key acts once).
 */
export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch && { fetch: options.fetch }),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set("authorization", `Bearer ${options.apiKey}`);
      request.headers.set("accept", "application/json");
      if (request.method === "POST" && !request.headers.has("idempotency-key")) {
        request.headers.set("idempotency-key", randomUUID());
      }
      return new Request(request, { signal: AbortSignal.timeout(timeoutMs) });
    },
  };
  client.use(auth);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
