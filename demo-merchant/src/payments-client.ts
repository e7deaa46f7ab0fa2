import { z } from "zod";
import { createApiClient } from "../../client/index";
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type ChargeRequest,
  type Customer,
  type CustomerCreate,
  checkout,
  checkoutStatus,
  customer,
  errorEnvelope,
  type multibancoPaymentRequest,
  type Payment,
  payment,
  paymentMethodDeleted,
  type ReferenceRequest,
  type Refund,
  type RefundRequest,
  refund,
  type StoredPaymentMethod,
  storedPaymentMethod,
  type Webhook,
  webhook,
  webhookDeleted,
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

/** What the typed client answers for one call. */
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The shop's calls to the merchant API, made with the typed client generated from the OpenAPI
 * document (client/): paths, parameters and bodies are checked at compile time. Runs on the shop's
 * server only: it holds the API key. Every answer is also parsed with the contract's schemas, so a
 * surprise fails here, loudly, as PaymentsUnavailableError.
 */
export function createPaymentsClient(options: PaymentsClientOptions) {
  const api = createApiClient(options);

  async function answer<T extends z.ZodType>(what: string, schema: T, call: () => Promise<Answer>) {
    let result: Answer;
    try {
      result = await call();
    } catch (cause) {
      throw new PaymentsUnavailableError(`${what}: the payment service did not answer with JSON`, { cause });
    }
    const { response } = result;
    if (!response.ok) {
      const error = errorEnvelope.safeParse(result.error);
      if (!error.success) {
        throw new PaymentsUnavailableError(`${what}: answer ${response.status} without an error body`);
      }
      const { code, message, details } = error.data.error;
      throw new PaymentsApiError(response.status, code, message, details);
    }
    const body = (result.data ?? {}) as Record<string, unknown>;
    const parsed = schema.safeParse(body.data);
    if (body.success !== true || !parsed.success) {
      const problem = parsed.success ? "success is not true" : z.prettifyError(parsed.error);
      throw new PaymentsUnavailableError(`${what}: answer does not match the contract: ${problem}`);
    }
    return { data: parsed.data, body };
  }

  const idempotency = (key: string | undefined) => (key ? { header: { "Idempotency-Key": key } } : {});

  return {
    async createCheckout(request: CheckoutRequest, idempotencyKey?: string): Promise<Checkout> {
      const { data } = await answer("createCheckout", checkout, () =>
        api.POST("/checkouts", { body: request, params: idempotency(idempotencyKey) }),
      );
      return data;
    },
    async getCheckout(id: string): Promise<CheckoutStatus> {
      const { data } = await answer("getCheckout", checkoutStatus, () =>
        api.GET("/checkouts/{id}", { params: { path: { id } } }),
      );
      return data;
    },
    async createCustomer(input: CustomerCreate): Promise<Customer> {
      const { data } = await answer("createCustomer", customer, () =>
        api.POST("/customers", { body: input }),
      );
      return data;
    },
    async listCustomers(filter: CustomerFilter = {}): Promise<Customer[]> {
      const query = Object.fromEntries(
        Object.entries(filter).filter(([, value]) => value !== undefined && value !== ""),
      ) as CustomerFilter;
      const { data } = await answer("listCustomers", z.array(customer), () =>
        api.GET("/customers", { params: { query } }),
      );
      return data;
    },
    async getCustomer(uuid: string): Promise<Customer> {
      const { data } = await answer("getCustomer", customer, () =>
        api.GET("/customers/{uuid}", { params: { path: { uuid } } }),
      );
      return data;
    },
    async listPaymentMethods(
      customerUuid: string,
      type?: StoredPaymentMethod["code"],
    ): Promise<{ apiVersion: string; methods: StoredPaymentMethod[] }> {
      const { data, body } = await answer("listPaymentMethods", z.array(storedPaymentMethod), () =>
        api.GET("/customers/{uuid}/paymentMethods", {
          params: { path: { uuid: customerUuid }, query: type ? { type } : {} },
        }),
      );
      return { apiVersion: String(body.apiVersion), methods: data };
    },
    async removePaymentMethod(customerUuid: string, methodUuid: string): Promise<void> {
      await answer("deletePaymentMethod", paymentMethodDeleted, () =>
        api.DELETE("/customers/{uuid}/paymentMethods/{methodUuid}", {
          params: { path: { uuid: customerUuid, methodUuid } },
        }),
      );
    },
    async createReference(request: ReferenceRequest, idempotencyKey?: string): Promise<Payment> {
      const { data } = await answer("createPaymentReference", payment, () =>
        api.POST("/payments/references", { body: request, params: idempotency(idempotencyKey) }),
      );
      return data;
    },
    async getPayment(id: string): Promise<Payment> {
      const { data } = await answer("getPayment", payment, () =>
        api.GET("/payments/{id}", { params: { path: { id } } }),
      );
      return data;
    },
    /** Charges a customer's saved method without the shopper: confirmed or declined at once, or pending (MB WAY). */
    async chargePaymentMethod(request: ChargeRequest, idempotencyKey?: string): Promise<Payment> {
      const { data } = await answer("chargePaymentMethod", payment, () =>
        api.POST("/payments", { body: request, params: idempotency(idempotencyKey) }),
      );
      return data;
    },
    async refundPayment(paymentId: string, request: RefundRequest, idempotencyKey?: string): Promise<Refund> {
      const { data } = await answer("refundPayment", refund, () =>
        api.POST("/payments/{id}/refunds", {
          body: request,
          params: { path: { id: paymentId }, ...idempotency(idempotencyKey) },
        }),
      );
      return data;
    },
    async listRefunds(paymentId: string): Promise<Refund[]> {
      const { data } = await answer("listRefunds", z.array(refund), () =>
        api.GET("/payments/{id}/refunds", { params: { path: { id: paymentId } } }),
      );
      return data;
    },
    /** Sandbox only: plays the bank network confirming that the reference was paid. */
    async simulateMultibancoPayment(input: MultibancoPayment): Promise<Payment> {
      const { data } = await answer("simulateMultibancoPayment", payment, () =>
        api.POST("/sandbox/multibanco/payments", { body: input }),
      );
      return data;
    },
    async listWebhooks(): Promise<Webhook[]> {
      const { data } = await answer("listWebhookEndpoints", z.array(webhook), () => api.GET("/webhooks"));
      return data;
    },
    async createWebhook(url: string): Promise<Webhook & { secret: string }> {
      const { data } = await answer("createWebhookEndpoint", webhookWithSecret, () =>
        api.POST("/webhooks", { body: { url } }),
      );
      return data;
    },
    async deleteWebhook(id: string): Promise<void> {
      await answer("deleteWebhookEndpoint", webhookDeleted, () =>
        api.DELETE("/webhooks/{id}", { params: { path: { id } } }),
      );
    },
  };
}

export type PaymentsClient = ReturnType<typeof createPaymentsClient>;
