import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type Migration, type MigrationProvider, Migrator, SqliteDialect } from "kysely";
import * as initial from "./migrations/001-initial";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export type Db = Kysely<Database>;

const migrations: Record<string, Migration> = { "001-initial": initial };

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

/** `file:PATH`, a bare path, or `:memory:`. */
export function sqlitePath(databaseUrl: string): string {
  if (databaseUrl === ":memory:" || databaseUrl === "file::memory:") return ":memory:";
  return databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : databaseUrl;
}

export interface OpenOptions {
  synchronous?: "FULL" | "NORMAL";
}

export async function openDatabase(databaseUrl: string, options: OpenOptions = {}): Promise<Db> {
  const path = sqlitePath(databaseUrl);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`synchronous = ${options.synchronous ?? "FULL"}`);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const { error, results } = await new Migrator({ db, provider: staticProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`,
    );
  }
  return db;
}
