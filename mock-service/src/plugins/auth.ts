import type { FastifyInstance, FastifyRequest } from "fastify";
import { AuthenticationError } from "../http/api-error";
import type { Ctx } from "../operations/context";
import { authenticate, knownMerchant, type Merchant } from "../operations/merchants";

declare module "fastify" {
  interface FastifyRequest {
    merchant: Merchant | undefined;
  }
}

/** Adds `Authorization: Bearer <key>` checking to every route registered in this scope. */
export function registerAuth(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest("merchant", undefined);
  // Callback style, not async: a key seen before is answered without a promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done(new AuthenticationError("send your API key as Authorization: Bearer <key>"));
    const key = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header)?.[1];
    if (!key) return done(new AuthenticationError("the Authorization header must be Bearer <key>"));
    const known = knownMerchant(ctx.db, key);
    if (known) {
      request.merchant = known;
      return done();
    }
    authenticate(ctx.db, key).then((merchant) => {
      if (!merchant) return done(new AuthenticationError("unknown API key"));
      request.merchant = merchant;
      done();
    }, done);
  });
}

export function merchantOf(request: FastifyRequest): Merchant {
  if (!request.merchant) throw new AuthenticationError("unknown API key");
  return request.merchant;
}
