import type { FastifyPluginAsync } from "fastify";

export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  app.get("/health", { schema: { hide: true } }, async () => ({ ok: true }));
};
