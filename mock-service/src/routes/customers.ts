import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  API_VERSION,
  customer,
  customerCreate,
  customerListQuery,
  customerUuidParam,
  envelope,
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

export const customerRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/customers",
    {
      schema: {
        tags: ["Customers"],
        summary: "Register a customer",
        body: customerCreate,
        response: { 201: envelope(customer) },
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
        summary: "List customers, oldest first",
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
        summary: "Read a customer",
        params: customerUuidParam,
        response: { 200: envelope(customer) },
      },
    },
    async (request) => ok(await getCustomer(ctx, merchantOf(request), request.params.uuid)),
  );

  app.get(
    "/customers/:uuid/paymentMethods",
    {
      schema: {
        tags: ["Payment methods"],
        summary: "List a customer's stored payment methods",
        params: customerUuidParam,
        querystring: paymentMethodsQuery,
        response: { 200: versionedEnvelope(z.array(storedPaymentMethod)) },
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
        summary: "Remove a stored payment method",
        params: paymentMethodParams,
        response: { 200: envelope(z.object({ uuid: z.uuid(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const { uuid, methodUuid } = request.params;
      await removePaymentMethod(ctx, merchantOf(request), uuid, methodUuid);
      return ok({ uuid: methodUuid, deleted: true as const });
    },
  );
};
