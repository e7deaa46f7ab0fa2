import type { z } from "zod";
import type { eventWithDeliveries } from "../../contract";
import { NotFoundError } from "../http/api-error";
import { newId } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import { insertDeliveries, insertEvent } from "../store/outbox";
import { listWebhooks } from "../store/webhooks";
import type { Ctx } from "./context";
import { getEvent } from "./events";
import type { Merchant } from "./merchants";
import { inTransaction } from "./transaction";

/**
 * Sends a `webhook.test` event to one endpoint, signed with its secret and retried like any other
 * delivery, whatever event types the endpoint listens to. Nothing else receives it.
 */
export async function sendTestEvent(
  ctx: Ctx,
  merchant: Merchant,
  webhookId: string,
): Promise<z.infer<typeof eventWithDeliveries>> {
  const hook = (await listWebhooks(ctx.db, merchant.id)).find((w) => w.id === webhookId);
  if (!hook) throw new NotFoundError("webhook");
  const id = newId("evt");
  const nowMs = Date.now();
  const createdAt = isoTimestamp(nowMs);
  const data = { id: hook.id, url: hook.url, message: "A test event sent from the dashboard" };
  await inTransaction(ctx, async (tx, after) => {
    await insertEvent(tx, {
      id,
      merchant_id: merchant.id,
      type: "webhook.test",
      payment_id: null,
      checkout_id: null,
      payload: JSON.stringify({ id, type: "webhook.test", createdAt, data }),
      created_at: createdAt,
    });
    await insertDeliveries(tx, [
      {
        id: newId("dlv"),
        event_id: id,
        merchant_id: merchant.id,
        target: "webhook",
        webhook_id: hook.id,
        url: hook.url,
        secret: hook.secret,
        state: "pending",
        attempt_count: 0,
        next_attempt_ms: nowMs,
        created_at: createdAt,
      },
    ]);
    after.deliveriesQueued();
  });
  return getEvent(ctx, merchant, id);
}
