// Starts the payment service for the e2e suite on a fresh database.
import { rmSync } from "node:fs";
import { sqlitePath } from "../../mock-service/src/store/db";

const url = process.env.DATABASE_URL ?? "";
const path = sqlitePath(url);
if (path !== ":memory:") rmSync(path.replace(/[^/]+$/, ""), { recursive: true, force: true });
await import("../../mock-service/src/main");
