import "../require-node";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createMerchant } from "../operations/merchants";
import { openDatabase } from "../store/db";

const USAGE = "usage: npm run merchant -- create --name NAME [--json]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, json: { type: "boolean", default: false } },
});

if (positionals[0] !== "create" || !values.name?.trim()) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const { db } = await openDatabase(config.DATABASE_URL, { synchronous: config.SQLITE_SYNCHRONOUS });
const merchant = await createMerchant(db, values.name.trim());
await db.destroy();

if (values.json) {
  console.log(JSON.stringify(merchant));
} else {
  console.log(`Merchant created: ${merchant.name}
  id:             ${merchant.id}
  API key:        ${merchant.apiKey}
  signing secret: ${merchant.signingSecret}
  entity:         ${merchant.entity}
Keep the API key and signing secret: only their use is stored (the key as a hash).`);
}
