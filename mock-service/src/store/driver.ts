import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { GroupCommit, PreparedStatement } from "./group-commit";
import { withStatementCache } from "./statement-cache";

/**
 * Kysely's SQLite dialect with a driver of our own (Kysely's documented extension point for
 * dialects): the adapter, compiler and introspector are Kysely's SQLite ones; the driver runs every
 * statement and transaction through the group commit.
 */
export function groupCommitDialect(group: GroupCommit): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(group),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/**
 * SQLite has one connection: it is lent to one query or transaction at a time. A Kysely transaction
 * is a savepoint in the group commit's open batch, which is committed for many transactions at once.
 */
class GroupCommitDriver implements Driver {
  readonly #group: GroupCommit;
  readonly #connection: GroupCommitConnection;
  readonly #mutex = new ConnectionMutex();

  constructor(group: GroupCommit) {
    this.#group = group;
    this.#connection = new GroupCommitConnection(group);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    this.#group.begin();
  }

  async commitTransaction(): Promise<void> {
    this.#group.release();
  }

  async rollbackTransaction(): Promise<void> {
    this.#group.rollback();
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.#group.close();
  }
}

class GroupCommitConnection implements DatabaseConnection {
  readonly #group: GroupCommit;
  /**
   * Preparing (parsing and planning the SQL) was the largest single cost of a simple read in the
   * benchmark profile, and better-sqlite3 statements are reusable: the same SQL text gets the same
   * prepared statement. Safe because queries on the connection run one at a time.
   */
  readonly #prepare: (sql: string) => PreparedStatement;

  constructor(group: GroupCommit) {
    this.#group = group;
    this.#prepare = withStatementCache((sql) => group.prepare(sql));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#group.execute<R>(this.#prepare(query.sql), query.parameters);
  }

  /** Nothing streams: the rows are read at once and handed out one by one. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

/** Lends the one connection to one holder at a time, in the order they asked. */
class ConnectionMutex {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
