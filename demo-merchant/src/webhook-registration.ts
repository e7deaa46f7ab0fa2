import type { PaymentsClient } from "./payments-client";
import type { ShopRecords, WebhookRegistration } from "./store/records";

/**
 * Makes sure the service sends events to this shop's receiver, and that the shop knows the secret.
 * The secret is only shown when an endpoint is created, so an endpoint for our URL whose secret we
 * did not keep (a wiped data folder, a reset service) is replaced by a new one.
 */
export async function ensureWebhook(
  client: PaymentsClient,
  records: ShopRecords,
  url: string,
): Promise<WebhookRegistration> {
  const known = records.getWebhook();
  const existing = (await client.listWebhooks()).filter((w) => w.url === url);
  const match = known && existing.find((w) => w.id === known.id);
  if (known && match) return known;
  for (const stale of existing) await client.deleteWebhook(stale.id);
  const created = await client.createWebhook(url);
  const registration = { id: created.id, url: created.url, secret: created.secret };
  records.setWebhook(registration);
  return registration;
}

/** Retries `ensureWebhook` until the service answers (it may start after the shop). */
export async function ensureWebhookWithRetry(
  client: PaymentsClient,
  records: ShopRecords,
  url: string,
  log: { warn(message: string): void; info(message: string): void },
  signal?: AbortSignal,
): Promise<WebhookRegistration | undefined> {
  const quietUntil = Date.now() + 10_000; // the service is often still starting: no warnings at first
  let delayMs = 250;
  while (!signal?.aborted) {
    try {
      const registration = await ensureWebhook(client, records, url);
      log.info(`webhook endpoint ${registration.id} receives events at ${url}`);
      return registration;
    } catch (error) {
      const line = `could not register the webhook yet (${(error as Error).message}); retrying`;
      if (Date.now() < quietUntil) log.info(line);
      else log.warn(line);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5000);
    }
  }
  return undefined;
}
