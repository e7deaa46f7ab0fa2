import { EVENT_TYPES, type EventType, type Webhook } from "../../contract";
import { ConflictError, InvalidRequestError, NotFoundError } from "../http/api-error";
import { newId, newSecret } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import {
  countWebhooks,
  deleteWebhook,
  insertWebhook,
  listWebhooks as listWebhookRows,
  type WebhookRow,
} from "../store/webhooks";
import { cancelWebhookDeliveries } from "../store/outbox";
import type { Ctx } from "./context";
import type { Merchant } from "./merchants";

function present(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.created_at,
  };
}

export async function createWebhook(
  ctx: Ctx,
  merchant: Merchant,
  input: { url: string; events?: EventType[] | undefined },
): Promise<Webhook & { secret: string }> {
  const row: WebhookRow = {
    id: newId("we"),
    merchant_id: merchant.id,
    url: input.url,
    events: [...new Set(input.events ?? EVENT_TYPES)],
    secret: newSecret("whsec_"),
    created_at: isoTimestamp(),
    deleted: 0,
  };
  const limit = ctx.config.WEBHOOKS_PER_MERCHANT;
  // Checked and inserted in one transaction: concurrent registrations can neither register one URL
  // twice nor pass the limit together.
  await ctx.db.transaction().execute(async (tx) => {
    const existing = (await listWebhookRows(tx, merchant.id)).find((hook) => hook.url === input.url);
    if (existing) {
      throw new ConflictError(
        "webhook_exists",
        `a webhook endpoint for this URL exists already: ${existing.id} (remove it first to get a new secret)`,
        [{ path: "url", message: `is registered already as ${existing.id}` }],
      );
    }
    if ((await countWebhooks(tx, merchant.id)) >= limit) {
      throw new InvalidRequestError(
        "webhook_limit_reached",
        `a merchant can register at most ${limit} webhook endpoints: remove one before adding another`,
      );
    }
    await insertWebhook(tx, row);
  });
  return { ...present(row), secret: row.secret };
}

export async function listWebhooks(ctx: Ctx, merchant: Merchant): Promise<Webhook[]> {
  return (await listWebhookRows(ctx.db, merchant.id)).map(present);
}

export async function removeWebhook(ctx: Ctx, merchant: Merchant, id: string): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (tx) => {
    if (!(await deleteWebhook(tx, merchant.id, id))) return false;
    await cancelWebhookDeliveries(tx, id);
    return true;
  });
  if (!deleted) throw new NotFoundError("webhook");
}
