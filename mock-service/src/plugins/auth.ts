import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { authenticate, knownMerchant, type Merchant } from "../operations/merchants";

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
  // Callback style, not async: a key seen before is answered without a promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done(unauthorized("send your API key as Authorization: Bearer <key>"));
    const key = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header)?.[1];
    if (!key) return done(unauthorized("the Authorization header must be Bearer <key>"));
    const known = knownMerchant(ctx.db, key);
    if (known) {
      request.merchant = known;
      return done();
    }
    authenticate(ctx.db, key).then((merchant) => {
      if (!merchant) return done(unauthorized("unknown API key"));
      request.merchant = merchant;
      done();
    }, done);
  });
}

export function merchantOf(request: FastifyRequest): Merchant {
  if (!request.merchant) throw unauthorized("unknown API key");
  return request.merchant;
}
