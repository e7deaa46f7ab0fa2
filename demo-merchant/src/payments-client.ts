import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type Customer,
  type CustomerCreate,
  checkout,
  checkoutStatus,
  customer,
  envelope,
  errorEnvelope,
  type multibancoPaymentRequest,
  type Payment,
  type PaymentMethodCode,
  payment,
  type ReferenceRequest,
  type StoredPaymentMethod,
  storedPaymentMethod,
  versionedEnvelope,
  type Webhook,
  webhook,
  webhookWithSecret,
} from "@contract/index";
import type { ErrorCode } from "@contract/errors";

/** The service answered with its error envelope (a 4xx or 5xx with `error.code`). */
export class PaymentsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "PaymentsApiError";
  }
}

/** The service could not be reached, timed out, or answered something the contract does not allow. */
export class PaymentsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentsUnavailableError";
  }
}

export interface PaymentsClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CustomerFilter {
  email?: string | undefined;
  customerId?: string | undefined;
  limit?: number | undefined;
  startingAfter?: string | undefined;
}

type MultibancoPayment = z.infer<typeof multibancoPaymentRequest>;

const removedMethod = z.object({ uuid: z.string(), deleted: z.literal(true) });
const removedWebhook = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * The merchant API over HTTP. Runs on the shop's server only: it holds the API key.
 * Every answer is parsed with the contract's schemas, so a surprise fails here, loudly.
 */
export function createPaymentsClient(options: PaymentsClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  async function call<T extends z.ZodType>(
    schema: T,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST") headers["idempotency-key"] = idempotencyKey ?? randomUUID();
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      throw new PaymentsUnavailableError(`${method} ${path}: the payment service did not answer`, { cause });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new PaymentsUnavailableError(`${method} ${path}: answer ${response.status} is not JSON`, {
        cause,
      });
    }
    if (!response.ok) {
      const error = errorEnvelope.safeParse(json);
      if (!error.success) {
        throw new PaymentsUnavailableError(
          `${method} ${path}: answer ${response.status} without an error body`,
        );
      }
      const { code, message, details } = error.data.error;
      throw new PaymentsApiError(response.status, code, message, details);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PaymentsUnavailableError(
        `${method} ${path}: answer does not match the contract: ${z.prettifyError(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  const path = (segment: string) => encodeURIComponent(segment);

  return {
    async createCheckout(request: CheckoutRequest, idempotencyKey?: string): Promise<Checkout> {
      return (await call(envelope(checkout), "POST", "/checkouts", request, idempotencyKey)).data;
    },
    async getCheckout(id: string): Promise<CheckoutStatus> {
      return (await call(envelope(checkoutStatus), "GET", `/checkouts/${path(id)}`)).data;
    },
    async createCustomer(input: CustomerCreate): Promise<Customer> {
      return (await call(envelope(customer), "POST", "/customers", input)).data;
    },
    async listCustomers(filter: CustomerFilter = {}): Promise<Customer[]> {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter)) {
        if (value !== undefined && value !== "") query.set(key, String(value));
      }
      const suffix = query.size > 0 ? `?${query}` : "";
      return (await call(envelope(z.array(customer)), "GET", `/customers${suffix}`)).data;
    },
    async getCustomer(uuid: string): Promise<Customer> {
      return (await call(envelope(customer), "GET", `/customers/${path(uuid)}`)).data;
    },
    async listPaymentMethods(
      customerUuid: string,
      type?: PaymentMethodCode,
    ): Promise<{ apiVersion: string; methods: StoredPaymentMethod[] }> {
      const suffix = type ? `?type=${type}` : "";
      const answer = await call(
        versionedEnvelope(z.array(storedPaymentMethod)),
        "GET",
        `/customers/${path(customerUuid)}/paymentMethods${suffix}`,
      );
      return { apiVersion: answer.apiVersion, methods: answer.data };
    },
    async removePaymentMethod(customerUuid: string, methodUuid: string): Promise<void> {
      await call(
        envelope(removedMethod),
        "DELETE",
        `/customers/${path(customerUuid)}/paymentMethods/${path(methodUuid)}`,
      );
    },
    async createReference(request: ReferenceRequest, idempotencyKey?: string): Promise<Payment> {
      return (await call(envelope(payment), "POST", "/payments/references", request, idempotencyKey)).data;
    },
    async getPayment(id: string): Promise<Payment> {
      return (await call(envelope(payment), "GET", `/payments/${path(id)}`)).data;
    },
    /** Sandbox only: plays the bank network confirming that the reference was paid. */
    async simulateMultibancoPayment(input: MultibancoPayment): Promise<Payment> {
      return (await call(envelope(payment), "POST", "/sandbox/multibanco/payments", input)).data;
    },
    async listWebhooks(): Promise<Webhook[]> {
      return (await call(envelope(z.array(webhook)), "GET", "/webhooks")).data;
    },
    async createWebhook(url: string): Promise<Webhook & { secret: string }> {
      return (await call(envelope(webhookWithSecret), "POST", "/webhooks", { url })).data;
    },
    async deleteWebhook(id: string): Promise<void> {
      await call(envelope(removedWebhook), "DELETE", `/webhooks/${path(id)}`);
    },
  };
}

export type PaymentsClient = ReturnType<typeof createPaymentsClient>;
