import type { FastifyPluginAsync } from "fastify";
import { checkoutId } from "../../contract";
import { preferredLanguage } from "../http/accept-language";
import { NotFoundError } from "../http/api-error";
import { errorBody } from "../http/envelope";
import { framePage, type PageCheckout } from "../http/frame-page";
import type { Ctx } from "../operations/context";
import { frameCheckoutOf, readFrameCheckout } from "../operations/frame";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The loader merchants paste, the checkout frame page and the frame's hashed assets (`app.widget`). */
export const embedRoutes: FastifyPluginAsync<{ ctx: Ctx }> = async (app, { ctx }) => {
  const { widget } = app;
  const notBuilt = errorBody("widget_not_built", "the widget is not built: run npm run build");

  app.get("/embed/:id", { schema: { hide: true } }, async (_request, reply) => {
    if (!widget.loader) return reply.code(503).send(notBuilt);
    return reply
      .type("text/javascript; charset=utf-8")
      .header("Cache-Control", "public, max-age=300")
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .send(widget.loader);
  });

  // Imported cross-origin by merchants' single-page apps: module scripts need CORS.
  for (const [file, type, body] of [
    ["checkout.mjs", "text/javascript; charset=utf-8", widget.mountApi.module],
    ["checkout.d.mts", "text/plain; charset=utf-8", widget.mountApi.types],
  ] as const) {
    app.get(`/embed/${file}`, { schema: { hide: true } }, async (_request, reply) => {
      if (!body) return reply.code(503).send(notBuilt);
      return reply
        .type(type)
        .header("Cache-Control", "public, max-age=300")
        .header("Access-Control-Allow-Origin", "*")
        .header("Cross-Origin-Resource-Policy", "cross-origin")
        .send(body);
    });
  }

  app.get<{ Params: { id: string } }>(
    "/checkout-frame/:id",
    { schema: { hide: true } },
    async (request, reply) => {
      if (!widget.frame) return reply.code(503).send(notBuilt);
      const page = await pageCheckout(ctx, request.params.id);
      // The merchant's choice, else the first of the browser's languages we have, else English: the
      // page then carries that catalog, and the frame's first render speaks it.
      const chosen = "checkout" in page ? page.checkout.language : undefined;
      const language = chosen ?? preferredLanguage(request.headers["accept-language"]) ?? "en";
      const { html, csp } = framePage(page, widget.frame, {
        language,
        frameAncestors: ctx.config.FRAME_ANCESTORS,
      });
      return reply
        .type("text/html; charset=utf-8")
        .header("Content-Security-Policy", csp)
        .header("Cache-Control", "no-store")
        .header("Vary", "Accept-Language")
        .send(html);
    },
  );

  app.get<{ Params: { file: string } }>(
    "/widget/assets/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = widget.assets.get(request.params.file);
      if (!asset) return reply.code(404).send(errorBody("not_found", "asset not found"));
      return reply.type(asset.type).header("Cache-Control", IMMUTABLE).send(asset.body);
    },
  );
};

/**
 * The page answers every id, so that the frame can say "no such checkout" in the merchant's page:
 * a malformed id carries the 400 and an unknown one the 404 that the frame API would answer.
 */
async function pageCheckout(ctx: Ctx, id: string): Promise<PageCheckout> {
  if (!checkoutId.safeParse(id).success) return { status: 400 };
  try {
    const row = await readFrameCheckout(ctx, id);
    return { checkout: await frameCheckoutOf(ctx, row), actionUrl: row.action_url };
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 404 };
    throw error;
  }
}
