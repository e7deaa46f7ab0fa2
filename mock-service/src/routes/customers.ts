import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  API_VERSION,
  customer,
  customerCreate,
  customerListQuery,
  customerUuidParam,
  envelope,
  paymentMethodDeleted,
  paymentMethodParams,
  paymentMethodsQuery,
  storedPaymentMethod,
  versionedEnvelope,
} from "../../contract";
import type { Ctx } from "../operations/context";
import { createCustomer, getCustomer, listCustomers } from "../operations/customers";
import { listCustomerPaymentMethods, removePaymentMethod } from "../operations/payment-methods";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

export const customerRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/customers",
    {
      schema: {
        tags: ["Customers"],
        operationId: "createCustomer",
        summary: "Register a customer",
        description:
          "Registers a customer under your own `customerId`, which must be unique among your customers.",
        body: customerCreate,
        response: { 201: envelope(customer), ...errors(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createCustomer(ctx, merchantOf(request), request.body))),
  );

  app.get(
    "/customers",
    {
      schema: {
        tags: ["Customers"],
        operationId: "listCustomers",
        summary: "List customers, oldest first",
        description:
          "Your customers, oldest first, filtered by `email` or `customerId`; page with `limit` and " +
          "`startingAfter` (the last uuid of the previous page).",
        querystring: customerListQuery,
        response: { 200: envelope(z.array(customer)) },
      },
    },
    async (request) => ok(await listCustomers(ctx, merchantOf(request), request.query)),
  );

  app.get(
    "/customers/:uuid",
    {
      schema: {
        tags: ["Customers"],
        operationId: "getCustomer",
        summary: "Read a customer",
        description: "One of your customers by uuid.",
        params: customerUuidParam,
        response: { 200: envelope(customer), ...errors(404) },
      },
    },
    async (request) => ok(await getCustomer(ctx, merchantOf(request), request.params.uuid)),
  );

  app.get(
    "/customers/:uuid/paymentMethods",
    {
      schema: {
        tags: ["Payment methods"],
        operationId: "listPaymentMethods",
        summary: "List a customer's saved payment methods",
        description:
          "The cards and MB WAY numbers saved by the customer's checkouts with `createRegistration`, oldest " +
          "first; `type` keeps one kind. Never the card number or security code.",
        params: customerUuidParam,
        querystring: paymentMethodsQuery,
        response: { 200: versionedEnvelope(z.array(storedPaymentMethod)), ...errors(404) },
      },
    },
    async (request) => ({
      ...ok(
        await listCustomerPaymentMethods(ctx, merchantOf(request), request.params.uuid, request.query.type),
      ),
      apiVersion: API_VERSION,
    }),
  );

  app.delete(
    "/customers/:uuid/paymentMethods/:methodUuid",
    {
      schema: {
        tags: ["Payment methods"],
        operationId: "deletePaymentMethod",
        summary: "Remove a saved payment method",
        description: "Removes a saved method: it is no longer offered to the shopper nor can it be charged.",
        params: paymentMethodParams,
        response: { 200: envelope(paymentMethodDeleted), ...errors(404) },
      },
    },
    async (request) => {
      const { uuid, methodUuid } = request.params;
      await removePaymentMethod(ctx, merchantOf(request), uuid, methodUuid);
      return ok({ uuid: methodUuid, deleted: true as const });
    },
  );
};
