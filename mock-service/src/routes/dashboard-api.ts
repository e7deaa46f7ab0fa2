import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  customerUuidParam,
  dashboardCheckout,
  dashboardCheckoutQuery,
  dashboardCustomer,
  dashboardCustomerQuery,
  dashboardPage,
  dashboardPaymentDetail,
  dashboardPaymentQuery,
  dashboardPaymentRow,
  dashboardSession,
  dashboardSessionState,
  dashboardSignIn,
  envelope,
  eventIdParam,
  eventListQuery,
  eventWithDeliveries,
  paymentAction,
  paymentIdParam,
  paymentMethodParams,
  webhook,
  webhookCreate,
  webhookIdParam,
  webhookWithSecret,
} from "../../contract";
import { AuthenticationError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { runPaymentAction } from "../operations/dashboard-actions";
import {
  getDashboardPayment,
  listDashboardCheckouts,
  listDashboardCustomers,
  listDashboardPayments,
} from "../operations/dashboard-reads";
import { getSessionMerchant, SESSION_TTL_MS, signIn, signOut } from "../operations/dashboard-sessions";
import { sendTestEvent } from "../operations/dashboard-webhooks";
import { getEvent, listEvents, redeliverEvent } from "../operations/events";
import type { Merchant } from "../operations/merchants";
import { removePaymentMethod } from "../operations/payment-methods";
import { createWebhook, listWebhooks, removeWebhook } from "../operations/webhooks";
import { merchantOf } from "../plugins/auth";
import {
  clearSessionCookie,
  readSessionCookie,
  registerDashboardSession,
  registerOriginCheck,
  setSessionCookie,
} from "../plugins/dashboard-session";
import { ok } from "../http/envelope";
import { registerFailedAuthLimit } from "../plugins/failed-auth-limit";
import { dashboardStream } from "./dashboard-stream";

/** Left out of the OpenAPI document: the dashboard's API is not the merchant API. */
const hide = true;

function presentSession(ctx: Ctx, merchant: Merchant, expiresMs: number) {
  return {
    signedIn: true as const,
    merchant: { id: merchant.id, name: merchant.name },
    serviceUrl: ctx.config.PUBLIC_URL,
    ...(ctx.config.DEMO_SHOP_URL && { demoShopUrl: ctx.config.DEMO_SHOP_URL }),
    expiresAt: new Date(expiresMs).toISOString(),
  };
}

/** `/dashboard/api/*`: what the dashboard's pages read and do, with the signed-in merchant's rights. */
export async function dashboardApiRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }): Promise<void> {
  registerOriginCheck(app, ctx);
  await app.register(signInRoutes, { ctx });
  await app.register(async (signedIn) => {
    registerDashboardSession(signedIn, ctx);
    await signedIn.register(sessionRoutes, { ctx });
    await signedIn.register(resourceRoutes, { ctx });
    await signedIn.register(dashboardStream, { ctx });
  });
}

/** Signing in, and asking whether one is: the only dashboard endpoints open without a session. */
const signInRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  // Wrong keys here count against the same per-address limit as the merchant API's.
  registerFailedAuthLimit(app, ctx.config.AUTH_FAILURES_PER_MINUTE);
  app.post(
    "/dashboard/api/session",
    { schema: { hide, body: dashboardSignIn, response: { 200: envelope(dashboardSession) } } },
    async (request, reply) => {
      const session = await signIn(ctx, request.body.apiKey);
      if (!session) {
        throw new AuthenticationError(
          "this API key is not known",
          [{ path: "apiKey", message: "is not a known API key" }],
          null,
        );
      }
      setSessionCookie(reply, ctx, session.id, SESSION_TTL_MS);
      return ok(presentSession(ctx, session.merchant, session.expiresMs));
    },
  );

  // Outside the signed-in scope: "nobody" is an answer here, not a 401 (the sign-in page asks on load).
  app.get(
    "/dashboard/api/session",
    { schema: { hide, response: { 200: envelope(dashboardSessionState) } } },
    async (request, reply) => {
      const id = readSessionCookie(request.headers.cookie);
      const merchant = id ? await getSessionMerchant(ctx, id) : undefined;
      if (merchant) return ok(presentSession(ctx, merchant, Date.now() + SESSION_TTL_MS));
      // A cookie of an ended or unknown session is of no more use: the browser forgets it.
      if (id) clearSessionCookie(reply, ctx);
      return ok({ signedIn: false as const });
    },
  );
};

const sessionRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.delete(
    "/dashboard/api/session",
    { schema: { hide, response: { 200: envelope(z.object({ signedOut: z.literal(true) })) } } },
    async (request, reply) => {
      await signOut(ctx, request.dashboardSession ?? "");
      clearSessionCookie(reply, ctx);
      return ok({ signedOut: true as const });
    },
  );
};

const resourceRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    "/dashboard/api/payments",
    {
      schema: {
        hide,
        querystring: dashboardPaymentQuery,
        response: { 200: envelope(dashboardPage(dashboardPaymentRow)) },
      },
    },
    async (request) => ok(await listDashboardPayments(ctx, merchantOf(request), request.query)),
  );

  app.get(
    "/dashboard/api/payments/:id",
    { schema: { hide, params: paymentIdParam, response: { 200: envelope(dashboardPaymentDetail) } } },
    async (request) => ok(await getDashboardPayment(ctx, merchantOf(request), request.params.id)),
  );

  app.post(
    "/dashboard/api/payments/:id/actions/:action",
    {
      schema: {
        hide,
        params: paymentIdParam.extend({ action: paymentAction }),
        response: { 200: envelope(dashboardPaymentDetail) },
      },
    },
    async (request) => {
      const merchant = merchantOf(request);
      await runPaymentAction(ctx, merchant, request.params.id, request.params.action);
      return ok(await getDashboardPayment(ctx, merchant, request.params.id));
    },
  );

  app.get(
    "/dashboard/api/checkouts",
    {
      schema: {
        hide,
        querystring: dashboardCheckoutQuery,
        response: { 200: envelope(dashboardPage(dashboardCheckout)) },
      },
    },
    async (request) => ok(await listDashboardCheckouts(ctx, merchantOf(request), request.query)),
  );

  app.get(
    "/dashboard/api/customers",
    {
      schema: {
        hide,
        querystring: dashboardCustomerQuery,
        response: { 200: envelope(dashboardPage(dashboardCustomer)) },
      },
    },
    async (request) => ok(await listDashboardCustomers(ctx, merchantOf(request), request.query)),
  );

  app.delete(
    "/dashboard/api/customers/:uuid/payment-methods/:methodUuid",
    {
      schema: {
        hide,
        params: customerUuidParam.merge(paymentMethodParams.pick({ methodUuid: true })),
        response: { 200: envelope(z.object({ uuid: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const { uuid, methodUuid } = request.params;
      await removePaymentMethod(ctx, merchantOf(request), uuid, methodUuid);
      return ok({ uuid: methodUuid, deleted: true as const });
    },
  );

  app.get(
    "/dashboard/api/webhooks",
    { schema: { hide, response: { 200: envelope(z.array(webhook)) } } },
    async (request) => ok(await listWebhooks(ctx, merchantOf(request))),
  );

  app.post(
    "/dashboard/api/webhooks",
    { schema: { hide, body: webhookCreate, response: { 201: envelope(webhookWithSecret) } } },
    async (request, reply) =>
      reply.code(201).send(ok(await createWebhook(ctx, merchantOf(request), request.body))),
  );

  app.delete(
    "/dashboard/api/webhooks/:id",
    {
      schema: {
        hide,
        params: webhookIdParam,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await removeWebhook(ctx, merchantOf(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );

  app.post(
    "/dashboard/api/webhooks/:id/test",
    { schema: { hide, params: webhookIdParam, response: { 202: envelope(eventWithDeliveries) } } },
    async (request, reply) =>
      reply.code(202).send(ok(await sendTestEvent(ctx, merchantOf(request), request.params.id))),
  );

  app.get(
    "/dashboard/api/events",
    {
      schema: {
        hide,
        querystring: eventListQuery,
        response: { 200: envelope(z.array(eventWithDeliveries)) },
      },
    },
    async (request) => ok(await listEvents(ctx, merchantOf(request), request.query)),
  );

  app.get(
    "/dashboard/api/events/:id",
    { schema: { hide, params: eventIdParam, response: { 200: envelope(eventWithDeliveries) } } },
    async (request) => ok(await getEvent(ctx, merchantOf(request), request.params.id)),
  );

  app.post(
    "/dashboard/api/events/:id/redeliver",
    { schema: { hide, params: eventIdParam, response: { 202: envelope(eventWithDeliveries) } } },
    async (request, reply) =>
      reply.code(202).send(ok(await redeliverEvent(ctx, merchantOf(request), request.params.id))),
  );
};
