import { timingSafeEqual } from "node:crypto";
import { randomEntity } from "../domain/entity";
import { newId, newSecret } from "../domain/ids";
import { isoTimestamp } from "../domain/time";
import type { Db } from "../store/db";
import { findMerchantByKeyHash, hashApiKey, insertMerchant, type Merchant } from "../store/merchants";

export type { Merchant };

export interface CreatedMerchant {
  id: string;
  name: string;
  apiKey: string;
  signingSecret: string;
  entity: string;
}

export async function createMerchant(
  db: Db,
  name: string,
  credentials: { apiKey?: string; signingSecret?: string } = {},
): Promise<CreatedMerchant> {
  const apiKey = credentials.apiKey ?? newSecret("sk_test_");
  const signingSecret = credentials.signingSecret ?? newSecret("whsec_");
  const merchant: Merchant = {
    id: newId("mer"),
    name,
    api_key_hash: hashApiKey(apiKey),
    signing_secret: signingSecret,
    entity: randomEntity(),
    created_at: isoTimestamp(),
  };
  await insertMerchant(db, merchant);
  return { id: merchant.id, name, apiKey, signingSecret, entity: merchant.entity };
}

/** Creates the sandbox merchant on first start; later starts find it by its key. */
export async function ensureSandboxMerchant(
  db: Db,
  apiKey: string,
  signingSecret: string,
): Promise<Merchant> {
  const existing = await findMerchantByKeyHash(db, hashApiKey(apiKey));
  if (existing) return existing;
  await createMerchant(db, "Sandbox merchant", { apiKey, signingSecret });
  const created = await findMerchantByKeyHash(db, hashApiKey(apiKey));
  if (!created) throw new Error("sandbox merchant was not created");
  return created;
}

/**
 * Merchants found by key hash, per database. Merchant rows are never updated or deleted and keys are
 * not rotated, so a found merchant stays valid; unknown keys are not cached (a merchant created by the
 * CLI in another process is found on its first request).
 */
const knownMerchants = new WeakMap<Db, Map<string, Merchant>>();

/** The merchant of an API key found before, without reading the database; else undefined. */
export function knownMerchant(db: Db, apiKey: string): Merchant | undefined {
  return knownMerchants.get(db)?.get(hashApiKey(apiKey));
}

/** Finds the merchant of an API key; the stored hash is compared in constant time. */
export async function authenticate(db: Db, apiKey: string): Promise<Merchant | undefined> {
  const hash = hashApiKey(apiKey);
  let known = knownMerchants.get(db);
  if (!known) {
    known = new Map();
    knownMerchants.set(db, known);
  }
  const merchant = known.get(hash) ?? (await findMerchantByKeyHash(db, hash));
  if (!merchant) return undefined;
  if (!timingSafeEqual(Buffer.from(merchant.api_key_hash), Buffer.from(hash))) return undefined;
  known.set(hash, merchant);
  return merchant;
}
