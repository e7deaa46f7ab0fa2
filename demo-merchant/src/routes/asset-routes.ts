import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FastifyPluginAsync } from "fastify";

const PUBLIC_DIR = resolve(import.meta.dirname, "../public");

const ASSETS: Record<string, { file: string; type: string }> = {
  "styles.css": { file: "styles.css", type: "text/css; charset=utf-8" },
  "live-status.js": { file: "live-status.js", type: "text/javascript; charset=utf-8" },
  "checkout-events.js": { file: "checkout-events.js", type: "text/javascript; charset=utf-8" },
};

/** The shop's stylesheet and its one small script, read once. */
export const assetRoutes: FastifyPluginAsync = async (app) => {
  const contents = new Map(
    Object.entries(ASSETS).map(([name, asset]) => [name, readFileSync(resolve(PUBLIC_DIR, asset.file))]),
  );

  app.get<{ Params: { name: string } }>("/assets/:name", async (request, reply) => {
    const asset = ASSETS[request.params.name];
    const body = contents.get(request.params.name);
    if (!asset || !body) return reply.callNotFound();
    return reply.type(asset.type).header("Cache-Control", "public, max-age=300").send(body);
  });
};
