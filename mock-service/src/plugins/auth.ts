import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../domain/errors";
import type { Ctx } from "../operations/context";
import { authenticate, type Merchant } from "../operations/merchants";

declare module "fastify" {
  interface FastifyRequest {
    merchant: Merchant | undefined;
  }
}

const unauthorized = (message: string) =>
  new ApiError(401, "unauthorized", message, undefined, { "WWW-Authenticate": 'Bearer realm="sandbox"' });

/** Adds `Authorization: Bearer <key>` checking to every route registered in this scope. */
export function registerAuth(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest("merchant", undefined);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized("send your API key as Authorization: Bearer <key>");
    const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header);
    if (!match?.[1]) throw unauthorized("the Authorization header must be Bearer <key>");
    const merchant = await authenticate(ctx.db, match[1]);
    if (!merchant) throw unauthorized("unknown API key");
    request.merchant = merchant;
  });
}

export function merchantOf(request: FastifyRequest): Merchant {
  if (!request.merchant) throw unauthorized("unknown API key");
  return request.merchant;
}
