import { event as eventSchema } from "@contract/index";
import { verifySignature } from "@contract/verify-signature";
import type { LiveUpdates } from "./live-updates";
import type { NotificationRecord, ShopRecords } from "./store/records";

export interface IncomingNotification {
  endpoint: "webhook" | "callback";
  rawBody: string;
  signatureHeader: string | undefined;
  eventIdHeader: string | undefined;
  /** The secret this endpoint's deliveries are signed with; undefined when not known yet. */
  secret: string | undefined;
}

export interface ReceiveOutcome {
  /** HTTP status to answer: 2xx tells the service to stop retrying. */
  status: 200 | 400;
  record: NotificationRecord;
}

/**
 * Handles one delivery: verify the signature over the raw body, parse the event with the contract,
 * apply it once (the same event can arrive at the callback and the webhook, and be retried), record it.
 */
export function receiveNotification(
  input: IncomingNotification,
  records: ShopRecords,
  live: LiveUpdates,
): ReceiveOutcome {
  const receivedAt = new Date().toISOString();
  const base = { receivedAt, endpoint: input.endpoint, duplicate: false };
  const eventId = input.eventIdHeader?.slice(0, 64);

  const signatureValid =
    input.secret !== undefined && verifySignature(input.rawBody, input.signatureHeader, input.secret);
  if (!signatureValid) {
    const problem = input.secret === undefined ? "no secret known for this endpoint yet" : "bad signature";
    const record = { ...base, ...(eventId && { eventId }), signatureValid: false, problem };
    records.addRejected(record);
    return { status: 400, record };
  }

  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    json = undefined;
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) {
    const record = {
      ...base,
      ...(eventId && { eventId }),
      signatureValid: true,
      problem: "unknown event shape",
    };
    records.addNotification(record);
    // Signed by the service but not understood: answer 2xx so it is not retried forever, and keep it listed.
    return { status: 200, record };
  }

  const event = parsed.data;
  const duplicate = records.hasAppliedEvent(event.id);
  const record: NotificationRecord = {
    ...base,
    eventId: event.id,
    type: event.type,
    resourceId: event.data.id,
    signatureValid: true,
    duplicate,
  };
  if (!duplicate) {
    switch (event.type) {
      case "payment.confirmed":
      case "payment.expired": {
        const payment = event.data;
        const known = records.findReference(payment.id);
        if (known) {
          const paidAt = payment.stateDetails.createdAt;
          records.updateReference(payment.id, { state: payment.stateDetails.state, paidAt });
          live.publish(payment.id, { state: payment.stateDetails.state, paidAt });
        } else if (!payment.checkoutId && !payment.customer) {
          record.problem = "not a reference of this shop";
        }
        break;
      }
      case "checkout.completed":
      case "checkout.failed":
        if (records.findOrderByCheckout(event.data.id)) {
          records.updateOrderState(event.data.id, event.data.stateDetails.state);
        } else {
          record.problem = "not a checkout of this shop";
        }
        break;
    }
  }
  if (!duplicate && !record.problem) records.markEventApplied(event.id);
  records.addNotification(record);
  return { status: 200, record };
}
