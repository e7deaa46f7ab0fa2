import type { DemoConfig } from "./config";
import type { LiveUpdates } from "./live-updates";
import type { PaymentsClient } from "./payments-client";
import type { ShopRecords } from "./store/records";

/** What the shop's routes need, built once in main.ts (or by a test). */
export interface ShopDeps {
  config: DemoConfig;
  client: PaymentsClient;
  records: ShopRecords;
  live: LiveUpdates;
  /** The webhook endpoint's secret, once the endpoint is registered. */
  webhookSecret(): string | undefined;
}

export function resultUrl(config: DemoConfig): string {
  return `${config.publicUrl}/result`;
}

export function receiverUrls(config: DemoConfig): { webhook: string; callback: string } {
  return {
    webhook: `${config.publicUrl}/webhooks/payments`,
    callback: `${config.publicUrl}/webhooks/callback`,
  };
}
