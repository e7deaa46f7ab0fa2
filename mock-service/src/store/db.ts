import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import { groupCommitDialect } from "./driver";
import { type Durability, GroupCommit } from "./group-commit";
import * as initial from "./migrations/001-initial";
import * as dashboardSessions from "./migrations/002-dashboard-sessions";
import * as refundsAndCharges from "./migrations/003-refunds-and-charges";
import * as shopperFlows from "./migrations/004-shopper-flows";
import * as paymentAttempts from "./migrations/005-payment-attempts";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

/** An open database and when what it wrote is durable (writes are committed in groups). */
export interface Storage {
  db: Db;
  durability: Durability;
}

const migrations: Record<string, Migration> = {
  "001-initial": initial,
  "002-dashboard-sessions": dashboardSessions,
  "003-refunds-and-charges": refundsAndCharges,
  "004-shopper-flows": shopperFlows,
  "005-payment-attempts": paymentAttempts,
};

/** Every migration by name, in order; exported for the tests that upgrade an older database. */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** `file:PATH`, a bare path, or `:memory:`. */
export function sqlitePath(databaseUrl: string): string {
  if (databaseUrl === ":memory:" || databaseUrl === "file::memory:") return ":memory:";
  return databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : databaseUrl;
}

/**
 * The database holds signing secrets: a directory it creates is 0700, and the file is 0600 before SQLite
 * opens it (SQLite gives its -wal and -shm files the database file's mode). An existing directory is
 * left as it is (it may be shared); an existing database file and its companions are made 0600.
 */
function restrictFiles(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

export interface OpenOptions {
  synchronous?: "FULL" | "NORMAL";
}

export async function openDatabase(databaseUrl: string, options: OpenOptions = {}): Promise<Storage> {
  const path = sqlitePath(databaseUrl);
  if (path !== ":memory:") restrictFiles(path);
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  // FULL is kept by syncing the WAL after each group commit off the event loop (see group-commit.ts);
  // SQLite itself runs in NORMAL, which still syncs the WAL and the database at checkpoints.
  const syncEachCommit = (options.synchronous ?? "FULL") === "FULL" && path !== ":memory:";
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // Writes are committed in groups (see group-commit.ts); `durability` tells when they are durable.
  const group = new GroupCommit(sqlite, { syncWal: syncEachCommit ? `${path}-wal` : undefined });
  const db = new Kysely<Database>({ dialect: groupCommitDialect(group) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`,
    );
  }
  await group.durable();
  return { db, durability: group };
}
