import "./require-node";
import { loadConfig } from "./config";
import { portInUseMessage } from "./log-destination";
import { createService } from "./server";

const config = loadConfig();
const service = await createService(config);
try {
  await service.app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  const message = portInUseMessage(error, config.PORT, "PORT");
  if (!message) throw error;
  console.error(message);
  await service.stop();
  process.exit(1);
}
service.app.log.info(`payments sandbox listening; checkout URL base ${config.PUBLIC_URL}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    service.app.log.info({ signal }, "shutting down");
    service.stop().then(
      () => process.exit(0),
      (err) => {
        service.app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
