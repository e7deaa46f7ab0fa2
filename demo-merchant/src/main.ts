import { portInUseMessage } from "../../mock-service/src/log-destination";
import { buildShopApp } from "./app";
import { loadDemoConfig } from "./config";
import { receiverUrls } from "./deps";
import { LiveUpdates } from "./live-updates";
import { createPaymentsClient } from "./payments-client";
import { ShopRecords } from "./store/records";
import { ensureWebhookWithRetry } from "./webhook-registration";

const config = loadDemoConfig();
const client = createPaymentsClient({ baseUrl: config.serviceUrl, apiKey: config.apiKey });
const records = new ShopRecords(config.dataDir, config.appliedEventRetentionMs);
let webhookSecret: string | undefined;

const app = await buildShopApp({
  config,
  client,
  records,
  live: new LiveUpdates(),
  webhookSecret: () => webhookSecret,
});
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const message = portInUseMessage(error, config.port, "DEMO_PORT");
  if (!message) throw error;
  console.error(message);
  await app.close();
  process.exit(1);
}
app.log.info(`demo shop on ${config.publicUrl}, payment service at ${config.serviceUrl}`);

const stopRegistering = new AbortController();
void ensureWebhookWithRetry(
  client,
  records,
  receiverUrls(config).webhook,
  app.log,
  stopRegistering.signal,
).then((registration) => {
  webhookSecret = registration?.secret;
});

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopRegistering.abort();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
