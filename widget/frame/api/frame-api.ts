import type { ErrorCode } from "@contract/errors";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import { type CheckoutWatcher, watchCheckout } from "./checkout-events";

/** The service's error envelope, as far as the frame needs it. */
export interface ApiFailure {
  kind: "failure";
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  /** The envelope's code; undefined when there was no answer or it was not the service's envelope. */
  code: ErrorCode | undefined;
  details: { path: string; message: string }[];
}

export type LoadResult = { kind: "checkout"; checkout: FrameCheckout } | ApiFailure;
export type PayResult = { kind: "outcome"; outcome: PaymentOutcome } | ApiFailure;
export type CheckoutResult = LoadResult;

/** The frame API of one checkout (`/frame-api/checkouts/<id>…`): what the app and the methods use. */
export interface CheckoutClient {
  /** The checkout as the service has it now. */
  load(): Promise<LoadResult>;
  /** A request to one of the checkout's paths (`/card-payments`), its answer's data wrapped by `wrap`. */
  send<Data, Result>(
    path: string,
    wrap: (data: Data) => Result,
    init?: RequestInit,
  ): Promise<Result | ApiFailure>;
  /** Follows the checkout's changes over server-sent events; returns the way to stop. */
  watch(watcher: CheckoutWatcher): () => void;
}

async function request<Data, Result>(
  url: string,
  wrap: (data: Data) => Result,
  init?: RequestInit,
): Promise<Result | ApiFailure> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: "omit", cache: "no-store" });
  } catch {
    return { kind: "failure", status: 0, code: undefined, details: [] };
  }
  const body = (await response.json().catch(() => undefined)) as
    { data?: Data; error?: { code?: ErrorCode; details?: ApiFailure["details"] } } | undefined;
  if (response.ok && body?.data !== undefined) return wrap(body.data);
  return {
    kind: "failure",
    status: response.status,
    code: body?.error?.code,
    details: body?.error?.details ?? [],
  };
}

export const asCheckout = (checkout: FrameCheckout) => ({ kind: "checkout" as const, checkout });

export const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export function checkoutClient(checkoutId: string): CheckoutClient {
  const base = `/frame-api/checkouts/${encodeURIComponent(checkoutId)}`;
  return {
    load: () => request(base, asCheckout),
    send: (path, wrap, init) => request(`${base}${path}`, wrap, init),
    watch: (watcher) => watchCheckout(checkoutId, watcher),
  };
}

/** 400 (malformed id) and 404 both mean: there is no such checkout. */
export function isUnknownCheckout(failure: ApiFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}
