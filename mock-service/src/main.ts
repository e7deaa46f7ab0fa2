import "./require-node";
import { loadConfig } from "./config";
import { createService } from "./server";

const config = loadConfig();
const service = await createService(config);
await service.app.listen({ port: config.PORT, host: config.HOST });
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
