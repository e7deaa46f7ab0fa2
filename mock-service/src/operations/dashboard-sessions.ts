import { hash, randomBytes } from "node:crypto";
import { isoTimestamp } from "../domain/time";
import {
  deleteDashboardSession,
  deleteExpiredDashboardSessions,
  findLiveDashboardSession,
  insertDashboardSession,
} from "../store/dashboard-sessions";
import { findMerchantById } from "../store/merchants";
import type { Ctx } from "./context";
import { authenticate, type Merchant } from "./merchants";

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

function hashSessionId(id: string): string {
  return hash("sha256", id, "hex");
}

export interface NewSession {
  /** The session id for the cookie: 256 random bits, stored only as its SHA-256. */
  id: string;
  merchant: Merchant;
  expiresMs: number;
}

/** Signs in with an API key; undefined when the key is not a merchant's. */
export async function signIn(ctx: Ctx, apiKey: string): Promise<NewSession | undefined> {
  const merchant = await authenticate(ctx.db, apiKey);
  if (!merchant) return undefined;
  const id = randomBytes(32).toString("base64url");
  const nowMs = Date.now();
  const expiresMs = nowMs + SESSION_TTL_MS;
  // Expired sessions are cleared at each sign-in: there are few, and nothing else needs them gone.
  await ctx.db.transaction().execute(async (tx) => {
    await deleteExpiredDashboardSessions(tx, nowMs);
    await insertDashboardSession(tx, {
      id_hash: hashSessionId(id),
      merchant_id: merchant.id,
      created_at: isoTimestamp(nowMs),
      expires_ms: expiresMs,
    });
  });
  return { id, merchant, expiresMs };
}

/** The merchant of a live session; undefined for an unknown, ended or expired one. */
export async function getSessionMerchant(ctx: Ctx, sessionId: string): Promise<Merchant | undefined> {
  const session = await findLiveDashboardSession(ctx.db, hashSessionId(sessionId), Date.now());
  return session && findMerchantById(ctx.db, session.merchant_id);
}

export async function signOut(ctx: Ctx, sessionId: string): Promise<void> {
  await deleteDashboardSession(ctx.db, hashSessionId(sessionId));
}
