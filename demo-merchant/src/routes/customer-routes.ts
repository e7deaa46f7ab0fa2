import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { type CustomerCreate, customerCreate, type PaymentMethodCode } from "@contract/index";
import { resultUrl, type ShopDeps } from "../deps";
import { newOrderId } from "../order-ids";
import { PaymentsApiError } from "../payments-client";
import type { OrderRecord } from "../store/records";
import { customerPage } from "../views/customer-page";
import {
  type CustomerFilterValues,
  customersHref,
  customersPage,
  LIMIT_CHOICES,
  type NewCustomerValues,
} from "../views/customers-page";

type Form = Record<string, string | undefined>;

/** What it costs to save a card: the service stores a method only after a successful payment. */
export const VERIFICATION_AMOUNT = 100;

const uuid = z.uuid();

const MESSAGES: Record<string, { kind: "success" | "error"; text: string }> = {
  created: { kind: "success", text: "Customer created." },
  removed: { kind: "success", text: "Payment method removed." },
  "remove-failed": { kind: "error", text: "That payment method no longer exists." },
  "charge-amount": { kind: "error", text: "Enter the amount to charge in euros, such as 12.99." },
};

function readFilter(query: Form): CustomerFilterValues {
  const limit = Number(query.limit);
  return {
    email: (query.email ?? "").trim(),
    customerId: (query.customerId ?? "").trim(),
    limit: (LIMIT_CHOICES as readonly number[]).includes(limit) ? limit : 10,
    startingAfter: uuid.safeParse(query.startingAfter).success ? query.startingAfter : undefined,
  };
}

function readNewCustomer(body: Form): NewCustomerValues {
  const text = (name: keyof NewCustomerValues) => (body[name] ?? "").trim();
  return {
    customerId: text("customerId"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phoneNumber: text("phoneNumber"),
  };
}

const FIELD_LABELS: Record<string, string> = {
  customerId: "Customer number",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phoneNumber: "Phone number",
};

/** Customers: list and filter, create, open one, its stored methods, save a card, remove a method. */
export const customerRoutes: FastifyPluginAsync<{ deps: ShopDeps }> = async (app, { deps }) => {
  const { client, records, config } = deps;

  async function renderList(
    filter: CustomerFilterValues,
    form: NewCustomerValues,
    formErrors: Record<string, string> = {},
    formError?: string,
  ): Promise<string> {
    try {
      const customers = await client.listCustomers(filter);
      const last = customers[customers.length - 1];
      const nextPageHref =
        customers.length === filter.limit && last ? customersHref(filter, last.uuid) : undefined;
      return customersPage({ filter, customers, nextPageHref, form, formErrors, formError });
    } catch (error) {
      if (!(error instanceof PaymentsApiError) || error.status !== 400) throw error;
      const listError = "That search could not be run. Please check the filters.";
      return customersPage({ filter, customers: [], form, formErrors, formError, listError });
    }
  }

  const emptyForm: NewCustomerValues = {
    customerId: "",
    firstName: "",
    lastName: "",
    email: "",
    phoneNumber: "",
  };

  app.get<{ Querystring: Form }>("/customers", async (request, reply) => {
    const html = await renderList(readFilter(request.query), emptyForm);
    return reply.type("text/html; charset=utf-8").send(html);
  });

  app.post<{ Body: Form }>("/customers", async (request, reply) => {
    const form = readNewCustomer(request.body ?? {});
    const input = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== "")) as CustomerCreate;
    const checked = customerCreate.safeParse(input);
    const formErrors: Record<string, string> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "");
        formErrors[field] ??= `${FIELD_LABELS[field] ?? field} ${issue.message}.`;
      }
    } else {
      try {
        const created = await client.createCustomer(checked.data);
        return reply.redirect(`/customers/${created.uuid}?msg=created`, 303);
      } catch (error) {
        if (!(error instanceof PaymentsApiError) || error.status >= 500) throw error;
        if (error.code === "customer_exists") {
          formErrors.customerId = "Another customer already has this customer number.";
        } else {
          for (const detail of error.details) {
            const field = detail.path.replace(/^body\./, "");
            formErrors[field] ??= `${FIELD_LABELS[field] ?? field} ${detail.message}.`;
          }
          if (Object.keys(formErrors).length === 0) formErrors.customerId = error.message;
        }
      }
    }
    const html = await renderList(
      readFilter({}),
      form,
      formErrors,
      "Please correct the fields marked below.",
    );
    return reply.code(422).type("text/html; charset=utf-8").send(html);
  });

  app.get<{ Params: { uuid: string }; Querystring: Form }>("/customers/:uuid", async (request, reply) => {
    const { uuid: customerUuid } = request.params;
    if (!uuid.safeParse(customerUuid).success) return reply.callNotFound();
    const type: PaymentMethodCode | undefined =
      request.query.type === "CC" || request.query.type === "MW" ? request.query.type : undefined;
    const [customer, { methods, apiVersion }] = await Promise.all([
      client.getCustomer(customerUuid),
      client.listPaymentMethods(customerUuid, type),
    ]);
    const message = MESSAGES[request.query.msg ?? ""];
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(customerPage({ customer, methods, apiVersion, type, message }));
  });

  app.post<{ Params: { uuid: string; methodUuid: string } }>(
    "/customers/:uuid/methods/:methodUuid/remove",
    async (request, reply) => {
      const { uuid: customerUuid, methodUuid } = request.params;
      if (!uuid.safeParse(customerUuid).success || !uuid.safeParse(methodUuid).success) {
        return reply.callNotFound();
      }
      try {
        await client.removePaymentMethod(customerUuid, methodUuid);
      } catch (error) {
        if (error instanceof PaymentsApiError && error.status === 404) {
          return reply.redirect(`/customers/${customerUuid}?msg=remove-failed`, 303);
        }
        throw error;
      }
      return reply.redirect(`/customers/${customerUuid}?msg=removed`, 303);
    },
  );

  // Tokenization (section 4.1): a checkout for the registered customer with createRegistration.
  app.post<{ Params: { uuid: string }; Body: Form }>(
    "/customers/:uuid/save-method",
    async (request, reply) => {
      const { uuid: customerUuid } = request.params;
      if (!uuid.safeParse(customerUuid).success) return reply.callNotFound();
      const method: PaymentMethodCode = request.body?.method === "MW" ? "MW" : "CC";
      const customer = await client.getCustomer(customerUuid);
      const orderId = newOrderId();
      const summary = `${method === "CC" ? "Card" : "MB WAY"} verification for ${customer.customerId}`;
      const checkout = await client.createCheckout(
        {
          payment: {
            amount: VERIFICATION_AMOUNT,
            code: "SAVE-METHOD",
            summary,
            recurring: { amountQualifier: "ESTM" },
            customer: { uuid: customer.uuid },
            paymentMethod: { code: method, details: { createRegistration: true } },
          },
          page: { language: "EN", layout: "embed" },
          redirects: [{ type: "action", url: resultUrl(config) }],
        },
        orderId,
      );
      const order: OrderRecord = {
        orderId,
        checkoutId: checkout.id,
        kind: "save-method",
        summary,
        amount: VERIFICATION_AMOUNT,
        language: "EN",
        paymentMethod: method,
        customerUuid: customer.uuid,
        checkoutUrl: checkout.checkoutUrl,
        state: checkout.stateDetails.state,
        createdAt: new Date().toISOString(),
      };
      records.addOrder(order);
      return reply.redirect(`/checkout/${orderId}`, 303);
    },
  );
};
