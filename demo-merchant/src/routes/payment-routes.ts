import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { paymentIdParam, type RefundRequest } from "../../../mock-service/contract/index";
import type { ShopDeps } from "../deps";
import { formatAmount, parseEuros } from "../format";
import { PaymentsApiError } from "../payments-client";
import { paymentPage } from "../views/payment-page";

type Form = Record<string, string | undefined>;

const uuid = z.uuid();

const MESSAGES: Record<string, { kind: "success" | "error" | "info"; text: string }> = {
  refunded: { kind: "success", text: "Refund made." },
  confirmed: { kind: "success", text: "The saved method was charged." },
  declined: { kind: "error", text: "The charge was declined." },
  pending: { kind: "info", text: "The customer was asked to approve the charge in the MB WAY app." },
};

/** A payment with its refunds; refunding it; charging a customer's saved method again. */
export const paymentRoutes: FastifyPluginAsync<{ deps: ShopDeps }> = async (app, { deps }) => {
  const { client } = deps;

  app.get<{ Params: { id: string }; Querystring: Form }>("/payments/:id", async (request, reply) => {
    if (!paymentIdParam.safeParse(request.params).success) return reply.callNotFound();
    const payment = await client.getPayment(request.params.id);
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(paymentPage({ payment, message: MESSAGES[request.query.msg ?? ""] }));
  });

  app.post<{ Params: { id: string }; Body: Form }>("/payments/:id/refunds", async (request, reply) => {
    if (!paymentIdParam.safeParse(request.params).success) return reply.callNotFound();
    const { id } = request.params;
    const form = { amount: (request.body?.amount ?? "").trim(), reason: (request.body?.reason ?? "").trim() };
    const amount = form.amount === "" ? undefined : parseEuros(form.amount);
    let error: string | undefined;
    let tooMuch = false;
    if (form.amount !== "" && !amount) {
      error = "Enter an amount in euros, such as 5 or 5.50.";
    } else {
      const refund: RefundRequest = {
        ...(amount && { amount }),
        ...(form.reason && { reason: form.reason }),
      };
      try {
        await client.refundPayment(id, refund);
        return reply.redirect(`/payments/${id}?msg=refunded`, 303);
      } catch (failure) {
        if (!(failure instanceof PaymentsApiError) || failure.status >= 500 || failure.status === 404) {
          throw failure;
        }
        tooMuch = failure.code === "amount_exceeds_refundable";
        error = failure.message;
      }
    }
    const payment = await client.getPayment(id);
    if (tooMuch) {
      error = `That is more than remains to refund (${formatAmount(payment.amount - payment.amountRefunded)}).`;
    }
    const message = { kind: "error" as const, text: "The refund was not made." };
    return reply
      .code(422)
      .type("text/html; charset=utf-8")
      .send(paymentPage({ payment, message, form: { ...form, error } }));
  });

  app.post<{ Params: { uuid: string; methodUuid: string }; Body: Form }>(
    "/customers/:uuid/methods/:methodUuid/charge",
    async (request, reply) => {
      const { uuid: customerUuid, methodUuid } = request.params;
      if (!uuid.safeParse(customerUuid).success || !uuid.safeParse(methodUuid).success) {
        return reply.callNotFound();
      }
      const amount = parseEuros(request.body?.amount ?? "") ?? 0;
      if (amount < 1) return reply.redirect(`/customers/${customerUuid}?msg=charge-amount`, 303);
      const payment = await client.chargePaymentMethod({
        amount,
        customer: { uuid: customerUuid },
        paymentMethod: { uuid: methodUuid },
        summary: `a repeat charge of ${formatAmount(amount)}`,
      });
      const outcome = payment.stateDetails.state === "expired" ? "declined" : payment.stateDetails.state;
      return reply.redirect(`/payments/${payment.id}?msg=${outcome}`, 303);
    },
  );
};
