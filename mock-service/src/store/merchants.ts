import { hash } from "node:crypto";
import type { Db } from "./db";
import type { MerchantTable } from "./schema";

export type Merchant = MerchantTable;

export function hashApiKey(apiKey: string): string {
  return hash("sha256", apiKey, "hex");
}

export async function insertMerchant(db: Db, merchant: Merchant): Promise<void> {
  await db.insertInto("merchants").values(merchant).execute();
}

export async function findMerchantByKeyHash(db: Db, hash: string): Promise<Merchant | undefined> {
  return db.selectFrom("merchants").selectAll().where("api_key_hash", "=", hash).executeTakeFirst();
}

export async function findMerchantById(db: Db, id: string): Promise<Merchant | undefined> {
  return db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirst();
}
