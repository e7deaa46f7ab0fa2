import { loadConfig } from "../config";
import { createService } from "../server";

/**
 * The OpenAPI document exactly as `GET /openapi.json` serves it, built without listening on a port
 * (an in-memory database, no workers). Used by the client generator and the Spectral lint.
 */
export async function buildOpenApiDocument(publicUrl = "http://localhost:4010"): Promise<unknown> {
  const config = loadConfig({
    DATABASE_URL: ":memory:",
    LOG_LEVEL: "silent",
    PUBLIC_URL: publicUrl,
  });
  const service = await createService(config, { workers: false });
  try {
    await service.app.ready();
    const response = await service.app.inject({ method: "GET", url: "/openapi.json" });
    return response.json();
  } finally {
    await service.stop();
  }
}
