import type { ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import type { Payment } from "@contract/index";
import { receiverUrls, type ShopDeps } from "../deps";
import { formatDateTime, parseEuros } from "../format";
import type { LiveUpdate } from "../live-updates";
import { PaymentsApiError } from "../payments-client";
import type { ReferenceRecord } from "../store/records";
import { multibancoPage, VALIDITY_CHOICES, voucherPage } from "../views/multibanco-page";
import { paymentStateLabel } from "../views/payment-states";

type Form = Record<string, string | undefined>;

const MAX_AMOUNT = 99_999_999;
const HEARTBEAT_MS = 15_000;

const SIMULATE_MESSAGES: Record<string, { kind: "success" | "error"; text: string }> = {
  simulated: { kind: "success", text: "The bank confirmed the payment; the notification is on its way." },
  already_paid: { kind: "error", text: "This reference was paid already." },
  reference_expired: { kind: "error", text: "This reference is no longer payable." },
  reference_not_yet_valid: { kind: "error", text: "This reference is not payable yet." },
  failed: { kind: "error", text: "The bank could not confirm this payment." },
};

function simulateOutcome(error: unknown): string {
  if (error instanceof PaymentsApiError && error.status < 500) {
    return SIMULATE_MESSAGES[error.code] ? error.code : "failed";
  }
  throw error;
}

/** What the live status stream sends: the state, and the words to show for it. */
function statusMessage(update: LiveUpdate) {
  return {
    state: update.state,
    label: paymentStateLabel(update.state),
    detail: update.paidAt ? `Paid on ${formatDateTime(update.paidAt)}` : "",
  };
}

function applyPayment(
  records: ShopDeps["records"],
  record: ReferenceRecord,
  payment: Payment,
): ReferenceRecord {
  const state = payment.stateDetails.state;
  const paidAt = payment.stateDetails.createdAt;
  if (state === record.state && paidAt === record.paidAt) return record;
  records.updateReference(record.paymentId, { state, paidAt });
  return { ...record, state, paidAt };
}

/** Multibanco: generate a reference, show its voucher with a live status, play the bank paying it. */
export const multibancoRoutes: FastifyPluginAsync<{ deps: ShopDeps }> = async (app, { deps }) => {
  const { client, records, live, config } = deps;
  const openStreams = new Set<ServerResponse>();

  app.addHook("preClose", async () => {
    for (const stream of openStreams) stream.end();
  });

  app.get("/multibanco", async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .send(multibancoPage({ amount: "", validity: "3d", references: records.listReferences() })),
  );

  app.post<{ Body: Form }>("/multibanco", async (request, reply) => {
    const amountText = (request.body?.amount ?? "").trim();
    const validity = VALIDITY_CHOICES.find((c) => c.value === request.body?.validity) ?? VALIDITY_CHOICES[2];
    const amount = parseEuros(amountText);
    if (!validity || amount === undefined || amount < 1 || amount > MAX_AMOUNT) {
      return reply
        .code(422)
        .type("text/html; charset=utf-8")
        .send(
          multibancoPage({
            amount: amountText,
            validity: validity?.value ?? "3d",
            error: "Enter an amount in euros between 0.01 and 999 999.99, for example 12.50.",
            references: records.listReferences(),
          }),
        );
    }
    const start = new Date();
    const end = new Date(start.getTime() + validity.hours * 3600_000);
    const payment = await client.createReference({
      type: "payment",
      amount,
      callbackUrl: receiverUrls(config).callback,
      availableMethods: [{ code: "MB" }],
      validDate: { start: start.toISOString(), end: end.toISOString() },
    });
    if (!payment.referenceDetails || !payment.validDate) {
      throw new Error(`reference ${payment.id} came back without its entity, reference or validity`);
    }
    records.addReference({
      paymentId: payment.id,
      amount: payment.amount,
      entity: payment.referenceDetails.entity,
      reference: payment.referenceDetails.reference,
      validFrom: payment.validDate.start,
      validUntil: payment.validDate.end,
      state: payment.stateDetails.state,
      createdAt: payment.createdAt,
    });
    return reply.redirect(`/multibanco/${payment.id}`, 303);
  });

  app.get<{ Params: { paymentId: string }; Querystring: Form }>(
    "/multibanco/:paymentId",
    async (request, reply) => {
      const known = records.findReference(request.params.paymentId);
      if (!known) return reply.callNotFound();
      // The page shows the service's word; the live stream then follows the notifications.
      const record = applyPayment(records, known, await client.getPayment(known.paymentId));
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(voucherPage(record, SIMULATE_MESSAGES[request.query.msg ?? ""]));
    },
  );

  // Sandbox only: play the bank network. With JavaScript the page posts this in the background
  // (Accept: application/json) and waits for the notification; without it, it comes back here.
  app.post<{ Params: { paymentId: string } }>("/multibanco/:paymentId/simulate", async (request, reply) => {
    const record = records.findReference(request.params.paymentId);
    if (!record) return reply.callNotFound();
    let outcome = "simulated";
    try {
      await client.simulateMultibancoPayment({
        entity: record.entity,
        reference: record.reference,
        amount: record.amount,
      });
    } catch (error) {
      outcome = simulateOutcome(error);
    }
    const message = SIMULATE_MESSAGES[outcome] ?? SIMULATE_MESSAGES.failed;
    if (request.headers.accept?.includes("application/json")) {
      return reply
        .code(outcome === "simulated" ? 200 : 409)
        .send({ ok: outcome === "simulated", message: message?.text });
    }
    return reply.redirect(`/multibanco/${record.paymentId}?msg=${outcome}`, 303);
  });

  // Server-sent events: the current state at once, then every change the webhook receiver verified.
  app.get<{ Params: { paymentId: string } }>("/multibanco/:paymentId/events", async (request, reply) => {
    const record = records.findReference(request.params.paymentId);
    if (!record) return reply.callNotFound();
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Content-Type-Options": "nosniff",
    });
    const send = (update: LiveUpdate) =>
      stream.write(`event: status\ndata: ${JSON.stringify(statusMessage(update))}\n\n`);
    send({ state: record.state, paidAt: record.paidAt });
    const unsubscribe = live.subscribe(record.paymentId, send);
    const heartbeat = setInterval(() => stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    openStreams.add(stream);
    stream.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(stream);
    });
  });
};
