import type {
  CardPaymentRequest,
  FrameCheckout,
  MbwayPaymentRequest,
  PaymentOutcome,
} from "../../../mock-service/contract/frame";

/** The service's error envelope, as far as the frame needs it. */
export interface ApiFailure {
  kind: "failure";
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code: string;
  details: { path: string; message: string }[];
}

export type LoadResult = { kind: "checkout"; checkout: FrameCheckout } | ApiFailure;
export type PayResult = { kind: "outcome"; outcome: PaymentOutcome } | ApiFailure;
export type CheckoutResult = LoadResult;

async function request<T>(path: string, init?: RequestInit): Promise<{ kind: "ok"; data: T } | ApiFailure> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "omit", cache: "no-store" });
  } catch {
    return { kind: "failure", status: 0, code: "network", details: [] };
  }
  const body = (await response.json().catch(() => undefined)) as
    { data?: T; error?: { code?: string; details?: ApiFailure["details"] } } | undefined;
  if (response.ok && body?.data !== undefined) return { kind: "ok", data: body.data };
  return {
    kind: "failure",
    status: response.status,
    code: body?.error?.code ?? "unknown",
    details: body?.error?.details ?? [],
  };
}

export async function loadCheckout(checkoutId: string): Promise<LoadResult> {
  const result = await request<FrameCheckout>(`/frame-api/checkouts/${encodeURIComponent(checkoutId)}`);
  return result.kind === "ok" ? { kind: "checkout", checkout: result.data } : result;
}

/** Sends the card once; the number and code go only to the checkout origin, never elsewhere. */
export async function payWithCard(checkoutId: string, card: CardPaymentRequest): Promise<PayResult> {
  const result = await request<PaymentOutcome>(
    `/frame-api/checkouts/${encodeURIComponent(checkoutId)}/card-payments`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(card) },
  );
  return result.kind === "ok" ? { kind: "outcome", outcome: result.data } : result;
}

const mbwayPath = (checkoutId: string) =>
  `/frame-api/checkouts/${encodeURIComponent(checkoutId)}/mbway-payments`;

/** Asks for approval in the shopper's MB WAY app; the checkout comes back waiting (202). */
export async function startMbway(checkoutId: string, phone: MbwayPaymentRequest): Promise<CheckoutResult> {
  const result = await request<FrameCheckout>(mbwayPath(checkoutId), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(phone),
  });
  return result.kind === "ok" ? { kind: "checkout", checkout: result.data } : result;
}

/** Stops waiting for the MB WAY approval; no attempt is used. */
export async function cancelMbway(checkoutId: string): Promise<CheckoutResult> {
  const result = await request<FrameCheckout>(mbwayPath(checkoutId), { method: "DELETE" });
  return result.kind === "ok" ? { kind: "checkout", checkout: result.data } : result;
}

/** 400 (malformed id) and 404 both mean: there is no such checkout. */
export function isUnknownCheckout(failure: ApiFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}
