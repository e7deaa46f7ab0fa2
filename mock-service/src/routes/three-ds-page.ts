import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_LANGUAGE, isLanguage, paymentIdParam } from "../../contract";
import type { Ctx } from "../operations/context";
import { getIssuerPageChallenge } from "../operations/three-ds";
import { frameAncestors } from "../http/frame-page";
import { issuerPageCsp, renderIssuerPage } from "./issuer-page";

/**
 * The sandbox issuer's 3-D Secure page, shown by the checkout frame in a nested iframe. Known by the
 * payment's id alone (no key in the browser); it shows the amount and the merchant's name, never
 * card data, and its buttons only tell the parent frame what the shopper did.
 */
export const threeDsPageRoutes: FastifyPluginAsyncZod<{ ctx: Ctx }> = async (app, { ctx }) => {
  app.get(
    "/sandbox/3ds/:id",
    {
      schema: {
        hide: true,
        params: paymentIdParam,
        querystring: z.object({ lang: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const page = await getIssuerPageChallenge(ctx, request.params.id);
      const asked = request.query.lang?.toUpperCase();
      const fallback = page?.language.toUpperCase() ?? DEFAULT_LANGUAGE;
      const language =
        asked && isLanguage(asked) ? asked : isLanguage(fallback) ? fallback : DEFAULT_LANGUAGE;
      return reply
        .code(page ? 200 : 404)
        .type("text/html; charset=utf-8")
        .header(
          "Content-Security-Policy",
          issuerPageCsp(frameAncestors(page && { actionUrl: page.actionUrl }, ctx.config.FRAME_ANCESTORS)),
        )
        .header("Cache-Control", "no-store")
        .send(renderIssuerPage({ language, challenge: page?.challenge }));
    },
  );
};
