import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cardPaymentRequest,
  challengeResultRequest,
  checkoutIdParam,
  envelope,
  frameCheckout,
  isFinalCheckoutState,
  mbwayPaymentRequest,
  paymentOutcome,
  savedCardPaymentRequest,
} from "../../contract";
import { RateLimitError } from "../http/api-error";
import { openEventStream } from "../http/event-stream";
import { OpenStreams } from "../http/open-streams";
import { onCheckoutChange } from "../operations/checkout-updates";
import type { Ctx } from "../operations/context";
import {
  answerFrameChallenge,
  getCommittedFrameCheckout,
  getFrameCheckout,
  payWithCard,
  payWithSavedCard,
} from "../operations/frame";
import { cancelMbwayPayment, startMbwayPayment } from "../operations/mbway";
import { requestMultibancoVoucher } from "../operations/multibanco-checkout";
import { ok } from "../http/envelope";

/**
 * The checkout frame's API, authorised by the checkout id alone (no merchant key in any browser).
 * Called only from the frame's own origin, so it sends no CORS headers.
 */
export const frameApiRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  const streams = new OpenStreams(ctx.config.STREAMS_PER_CHECKOUT, ctx.config.STREAMS_PER_ADDRESS);
  // Paying (by card, saved card or MB WAY, answering a 3-D Secure challenge, asking for the Multibanco
  // voucher) and cancelling MB WAY share one budget per checkout: cancel-and-restart
  // cannot be used to send more MB WAY requests than payments allow.
  const PAYING = { max: ctx.config.FRAME_PAYING_PER_MINUTE, timeWindow: 60_000, groupId: "paying" };
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  });

  app.get(
    "/frame-api/checkouts/:id",
    {
      schema: {
        tags: ["Checkout frame"],
        summary: "What the checkout frame shows (no secrets)",
        params: checkoutIdParam,
        response: { 200: envelope(frameCheckout) },
      },
    },
    async (request) => ok(await getFrameCheckout(ctx, request.params.id)),
  );

  app.post(
    "/frame-api/checkouts/:id/card-payments",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "Pay the checkout with a card",
        params: checkoutIdParam,
        body: cardPaymentRequest,
        response: { 200: envelope(paymentOutcome) },
      },
    },
    async (request) => ok(await payWithCard(ctx, request.params.id, request.body)),
  );

  app.post(
    "/frame-api/checkouts/:id/saved-card-payments",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "Pay the checkout with one of its customer's saved cards (its uuid and security code)",
        params: checkoutIdParam,
        body: savedCardPaymentRequest,
        response: { 200: envelope(paymentOutcome) },
      },
    },
    async (request) => ok(await payWithSavedCard(ctx, request.params.id, request.body)),
  );

  app.post(
    "/frame-api/checkouts/:id/challenge-result",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "What the shopper did on the issuer's 3-D Secure page",
        params: checkoutIdParam,
        body: challengeResultRequest,
        response: { 200: envelope(paymentOutcome) },
      },
    },
    async (request) => ok(await answerFrameChallenge(ctx, request.params.id, request.body.result)),
  );

  app.put(
    "/frame-api/checkouts/:id/multibanco-voucher",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "Show the checkout's Multibanco voucher (created once; the same one ever after)",
        params: checkoutIdParam,
        response: { 200: envelope(frameCheckout) },
      },
    },
    async (request) => ok(await requestMultibancoVoucher(ctx, request.params.id)),
  );

  app.post(
    "/frame-api/checkouts/:id/mbway-payments",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "Ask for approval of the payment in the shopper's MB WAY app",
        params: checkoutIdParam,
        body: mbwayPaymentRequest,
        response: { 202: envelope(frameCheckout) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await startMbwayPayment(ctx, request.params.id, request.body))),
  );

  app.delete(
    "/frame-api/checkouts/:id/mbway-payments",
    {
      config: { rateLimit: PAYING },
      schema: {
        tags: ["Checkout frame"],
        summary: "Stop waiting for the MB WAY approval and choose again",
        params: checkoutIdParam,
        response: { 200: envelope(frameCheckout) },
      },
    },
    async (request) => ok(await cancelMbwayPayment(ctx, request.params.id)),
  );

  // Server-sent events: the checkout as the frame sees it, now and after every change, until it is final
  // (a Pending checkout keeps its stream: the shopper on the voucher learns when it is paid).
  app.get(
    "/frame-api/checkouts/:id/events",
    {
      schema: {
        tags: ["Checkout frame"],
        summary: "Stream of the checkout's changes (text/event-stream)",
        params: checkoutIdParam,
      },
    },
    async (request, reply) => {
      // Hijacked: no onSend hook waits for the commit, so read only what is committed.
      const first = await getCommittedFrameCheckout(ctx, request.params.id);
      const release = streams.open(request.params.id, request.ip);
      if (!release) {
        throw new RateLimitError(
          "too many open event streams for this checkout or from this address: close one first",
          5,
        );
      }
      const stream = openEventStream(request, reply);
      stream.onClose(release);
      const push = async () => {
        try {
          const current = await getCommittedFrameCheckout(ctx, request.params.id);
          stream.send("checkout", current);
          if (isFinalCheckoutState(current.state)) stream.close();
        } catch {
          stream.close();
        }
      };
      stream.onClose(onCheckoutChange(request.params.id, () => void push()));
      stream.send("checkout", first);
      if (isFinalCheckoutState(first.state)) stream.close();
    },
  );
};
