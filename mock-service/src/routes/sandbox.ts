import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutStatus, envelope, multibancoPaymentRequest, payment, paymentIdParam } from "../../contract";
import type { Ctx } from "../operations/context";
import { simulateMbwayAnswer } from "../operations/mbway";
import { confirmMultibancoPayment } from "../operations/payments";
import { simulateChallengeAnswer } from "../operations/three-ds";
import { merchantOf } from "../plugins/auth";
import { ok } from "../http/envelope";
import { errors } from "../openapi/error-responses";

/** The simulated outside world: the bank network confirming payments. */
export const sandboxRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.post(
    "/sandbox/multibanco/payments",
    {
      schema: {
        tags: ["Sandbox"],
        operationId: "simulateMultibancoPayment",
        summary: "Play the bank network confirming a Multibanco payment",
        description:
          "Sandbox only: pays one of your references as an ATM would, taking entity and reference as the shopper " +
          "types them (grouped with spaces or not). Wrong check digits or amount answer 422; a " +
          "reference paid already, expired or not yet valid 409.",
        body: multibancoPaymentRequest,
        response: { 200: envelope(payment), ...errors(404, 409, 422) },
      },
    },
    async (request) => ok(await confirmMultibancoPayment(ctx, merchantOf(request), request.body)),
  );

  app.post(
    "/sandbox/mbway/:id/:answer",
    {
      schema: {
        tags: ["Sandbox"],
        operationId: "answerMbwayRequest",
        summary: "Play the shopper approving or declining an MB WAY request in the app",
        description:
          "Sandbox only: answers the MB WAY request waiting on a payment (a checkout's or a charge of a saved " +
          "number) and answers the payment. A declined checkout request leaves the payment pending: the shopper " +
          "may try again.",
        params: paymentIdParam.extend({ answer: z.enum(["approve", "decline"]) }),
        response: { 200: envelope(payment), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(await simulateMbwayAnswer(ctx, merchantOf(request), request.params.id, request.params.answer)),
  );

  app.post(
    "/sandbox/3ds/:id/:answer",
    {
      schema: {
        tags: ["Sandbox"],
        operationId: "answerChallenge",
        summary: "Play the shopper completing or failing the 3-D Secure challenge on the issuer's page",
        description:
          "Sandbox only: answers the 3-D Secure challenge open on a checkout's payment, as the shopper would on the " +
          "issuer's page. `complete` gives the card's own answer (paid, or declined for 4000 0084 0000 1629); " +
          "`fail` declines the attempt with `authentication_failed`, counting as one of the checkout's attempts " +
          "(CHECKOUT_MAX_ATTEMPTS, 3 by default). Answers the checkout's status once the answer is applied; 409 " +
          "`no_challenge` when no challenge is open.",
        params: paymentIdParam.extend({ answer: z.enum(["complete", "fail"]) }),
        response: { 200: envelope(checkoutStatus), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(await simulateChallengeAnswer(ctx, merchantOf(request), request.params.id, request.params.answer)),
  );
};
