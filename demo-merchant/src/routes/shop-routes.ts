import type { FastifyPluginAsync } from "fastify";
import { checkoutIdParam, isLanguage } from "@contract/index";
import { findProduct } from "../catalog";
import { resultUrl, type ShopDeps } from "../deps";
import { newOrderId } from "../order-ids";
import { PaymentsApiError } from "../payments-client";
import { allowCheckoutOrigin } from "../security-headers";
import type { OrderRecord } from "../store/records";
import { checkoutPage } from "../views/checkout-page";
import { resultPage } from "../views/result-page";
import { shopPage } from "../views/shop-page";

type Form = Record<string, string | undefined>;

/** Shop, card checkout page and the result page at the checkout's action URL. */
export const shopRoutes: FastifyPluginAsync<{ deps: ShopDeps }> = async (app, { deps }) => {
  const { client, records, config } = deps;

  app.get("/", async (_request, reply) => reply.type("text/html; charset=utf-8").send(shopPage()));

  app.post<{ Body: Form }>("/checkout", async (request, reply) => {
    const product = findProduct(request.body?.productId ?? "");
    const language = (request.body?.language ?? "EN").toUpperCase();
    if (!product || !isLanguage(language)) {
      return reply
        .code(422)
        .type("text/html; charset=utf-8")
        .send(shopPage({ error: "Please choose a product and a language." }));
    }
    const orderId = newOrderId();
    const checkout = await client.createCheckout(
      {
        payment: {
          amount: product.price,
          code: product.id,
          summary: product.name,
          // No method code: the checkout offers card and MB WAY, and the shopper chooses.
        },
        page: { language, layout: "embed" },
        redirects: [{ type: "action", url: resultUrl(config) }],
      },
      orderId,
    );
    const order: OrderRecord = {
      orderId,
      checkoutId: checkout.id,
      kind: "purchase",
      productId: product.id,
      summary: product.name,
      amount: product.price,
      language,
      checkoutUrl: checkout.checkoutUrl,
      state: checkout.stateDetails.state,
      createdAt: new Date().toISOString(),
    };
    records.addOrder(order);
    return reply.redirect(`/checkout/${orderId}`, 303);
  });

  app.get<{ Params: { orderId: string } }>("/checkout/:orderId", async (request, reply) => {
    const order = records.findOrder(request.params.orderId);
    if (!order) return reply.callNotFound();
    if (order.state !== "PaymentReady") {
      return reply.redirect(`/result?id=${encodeURIComponent(order.checkoutId)}`, 303);
    }
    allowCheckoutOrigin(reply, order.checkoutUrl);
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(checkoutPage({ order, resultUrl: resultUrl(config) }));
  });

  // The shopper lands here with ?id=<checkout id>. Nothing in the URL is believed: the id must be one
  // of this shop's checkouts, and its outcome is read from the service with the shop's key.
  app.get<{ Querystring: { id?: string } }>("/result", async (request, reply) => {
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
    const id = typeof request.query.id === "string" ? request.query.id : "";
    if (!checkoutIdParam.safeParse({ id }).success) {
      return reply.code(400).send(
        resultPage({
          kind: "unknown",
          reason: "This link does not carry a valid payment reference, so we cannot confirm any payment.",
        }),
      );
    }
    const order = records.findOrderByCheckout(id);
    if (!order) {
      return reply.code(404).send(
        resultPage({
          kind: "unknown",
          reason: "We have no order for this payment, so we cannot confirm it.",
        }),
      );
    }
    let status: Awaited<ReturnType<typeof client.getCheckout>>;
    try {
      status = await client.getCheckout(id);
    } catch (error) {
      if (error instanceof PaymentsApiError && error.status === 404) {
        return reply
          .code(404)
          .send(resultPage({ kind: "unknown", reason: "The payment service does not know this payment." }));
      }
      throw error;
    }
    if (status.amount !== order.amount) {
      request.log.warn({ checkoutId: id }, "checkout amount differs from the order");
      return reply
        .code(409)
        .send(resultPage({ kind: "unknown", reason: "The amount paid does not match the order." }));
    }
    records.updateOrderState(id, status.stateDetails.state);
    return reply.send(resultPage({ kind: "confirmed", order, status }));
  });
};
