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

/** A request to a checkout's path (`/frame-api/checkouts/<id><rest>`), its data wrapped as `kind`. */
async function request<Data, Result>(
  checkoutId: string,
  rest: string,
  wrap: (data: Data) => Result,
  init?: RequestInit,
): Promise<Result | ApiFailure> {
  let response: Response;
  try {
    response = await fetch(`/frame-api/checkouts/${encodeURIComponent(checkoutId)}${rest}`, {
      ...init,
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    return { kind: "failure", status: 0, code: "network", details: [] };
  }
  const body = (await response.json().catch(() => undefined)) as
    { data?: Data; error?: { code?: string; details?: ApiFailure["details"] } } | undefined;
  if (response.ok && body?.data !== undefined) return wrap(body.data);
  return {
    kind: "failure",
    status: response.status,
    code: body?.error?.code ?? "unknown",
    details: body?.error?.details ?? [],
  };
}

const asCheckout = (checkout: FrameCheckout) => ({ kind: "checkout" as const, checkout });

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export function loadCheckout(checkoutId: string): Promise<LoadResult> {
  return request(checkoutId, "", asCheckout);
}

/** Sends the card once; the number and code go only to the checkout origin, never elsewhere. */
export function payWithCard(checkoutId: string, card: CardPaymentRequest): Promise<PayResult> {
  return request(
    checkoutId,
    "/card-payments",
    (outcome: PaymentOutcome) => ({ kind: "outcome" as const, outcome }),
    postJson(card),
  );
}

/** Asks for approval in the shopper's MB WAY app; the checkout comes back waiting (202). */
export function startMbway(checkoutId: string, phone: MbwayPaymentRequest): Promise<CheckoutResult> {
  return request(checkoutId, "/mbway-payments", asCheckout, postJson(phone));
}

/** Stops waiting for the MB WAY approval; no attempt is used. */
export function cancelMbway(checkoutId: string): Promise<CheckoutResult> {
  return request(checkoutId, "/mbway-payments", asCheckout, { method: "DELETE" });
}

/** 400 (malformed id) and 404 both mean: there is no such checkout. */
export function isUnknownCheckout(failure: ApiFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}
