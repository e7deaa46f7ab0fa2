import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import type { Ctx } from "../operations/context";
import { errorBody } from "../plugins/envelope";

const WIDGET_DIR = resolve(import.meta.dirname, "../../../dist/widget");

/** The loader script merchants paste; it reads the checkout id from its own URL. */
export const embedRoutes: FastifyPluginAsync<{ ctx: Ctx }> = async (app) => {
  const loader = await readFile(resolve(WIDGET_DIR, "loader.js"), "utf8").catch(() => undefined);
  app.get("/embed/:id", { schema: { hide: true } }, async (_request, reply) => {
    if (!loader) {
      return reply
        .code(503)
        .send(errorBody("widget_not_built", "the widget is not built: run npm run build"));
    }
    return reply
      .type("text/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .send(loader);
  });
};
