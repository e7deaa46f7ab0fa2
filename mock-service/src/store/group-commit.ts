import type SQLite from "better-sqlite3";
import type { SqliteStatement } from "kysely";

/** Why a batch did not become durable: every request that saw it must fail. */
export class CommitFailed extends Error {
  constructor(
    readonly batch: number,
    cause: unknown,
  ) {
    super(`the commit of batch ${batch} failed: ${String((cause as Error)?.message ?? cause)}`, { cause });
  }
}

interface Batch {
  id: number;
  /** Settles (never rejects) when the batch was committed or lost; made only when someone waits. */
  done?: Promise<void>;
  settle?: () => void;
}

const NO_CHANGES = { changes: 0, lastInsertRowid: 0 };

/**
 * Group commit: one COMMIT (one fsync with synchronous=FULL) makes many requests' writes durable.
 *
 * An outer SQLite transaction (BEGIN IMMEDIATE) is opened by the first write or transaction and
 * committed on the next turn of the event loop (setImmediate), so under load every request that ran
 * in the meantime shares the commit. Kysely's `begin`/`commit`/`rollback` become
 * SAVEPOINT/RELEASE/ROLLBACK TO inside it, so a failed operation still undoes only its own writes.
 * Kysely runs one query (or transaction) at a time on the connection, so savepoints never
 * interleave, and the commit waits until no savepoint is open.
 *
 * Nothing written is durable before that COMMIT, so nothing may be acknowledged before it:
 * `durable(epoch)` settles after the COMMIT that covers everything written so far and throws if any
 * batch since `epoch` was lost (a failed COMMIT, rolled back; or an error that made SQLite roll the
 * whole transaction back).
 */
export class GroupCommit {
  readonly #sqlite: SQLite.Database;
  #batch: Batch | undefined;
  #nextId = 1;
  #failedUpTo = 0;
  #failure: CommitFailed | undefined;
  /** Open savepoints (Kysely transactions) in the current batch. */
  #depth = 0;
  /** Set when the outer transaction was lost under an open savepoint: the rest of that transaction fails. */
  #lost: CommitFailed | undefined;
  #scheduled = false;
  #closed = false;
  /** Transaction statements run once or twice per request: prepared once rather than parsed by exec(). */
  readonly #control = new Map<string, SQLite.Statement>();

  constructor(sqlite: SQLite.Database) {
    this.#sqlite = sqlite;
  }

  /** The batch a request starting now may read or write: the open one, else the next. */
  get epoch(): number {
    return this.#batch?.id ?? this.#nextId;
  }

  /** True while written (or read) data is not yet committed. */
  get pending(): boolean {
    return this.#batch !== undefined;
  }

  /** True when a batch numbered `epoch` or later was lost. */
  failedSince(epoch: number): boolean {
    return this.#failedUpTo >= epoch;
  }

  /** Settles after the COMMIT covering everything written so far; throws if a batch since `epoch` was lost. */
  async durable(epoch = this.epoch): Promise<void> {
    const batch = this.#batch;
    if (batch) {
      batch.done ??= new Promise<void>((resolve) => {
        batch.settle = resolve;
      });
      await batch.done;
    }
    if (this.#failedUpTo >= epoch) throw this.#failure;
  }

  /** Kysely's SqliteDialect `prepare`: transaction control becomes savepoints, statements join the batch. */
  prepare(sql: string): SqliteStatement {
    switch (sql) {
      case "begin":
        return this.#controlStatement(() => this.#begin());
      case "commit":
        return this.#controlStatement(() => this.#release());
      case "rollback":
        return this.#controlStatement(() => this.#rollback());
      default:
        return this.#statement(this.#sqlite.prepare(sql));
    }
  }

  /** Commits what is pending now (unless a savepoint is open); throws if that commit failed. */
  flush(): void {
    const failure = this.#commit();
    if (failure) throw failure;
  }

  /** Commits what is pending, then closes the database; a transaction still open is rolled back first. */
  close(): void {
    if (this.#closed) return;
    try {
      if (this.#depth > 0 && this.#batch) {
        try {
          this.#sqlite.exec("ROLLBACK TO gc_1");
          this.#sqlite.exec("RELEASE gc_1");
        } catch (err) {
          this.#abandon(err);
        }
      }
      this.#depth = 0;
      this.#lost = undefined;
      this.flush();
    } finally {
      this.#closed = true;
      this.#sqlite.close();
    }
  }

  #run(sql: string): void {
    let statement = this.#control.get(sql);
    if (!statement) {
      statement = this.#sqlite.prepare(sql);
      this.#control.set(sql, statement);
    }
    statement.run();
  }

  #controlStatement(run: () => void): SqliteStatement {
    return {
      reader: false,
      all: () => (run(), []),
      run: () => (run(), NO_CHANGES),
      iterate: () => (run(), [][Symbol.iterator]()),
    };
  }

  #statement(statement: SQLite.Statement): SqliteStatement {
    const writes = !statement.readonly;
    return {
      reader: statement.reader,
      all: (parameters) => this.#execute(writes, () => statement.all(parameters)),
      run: (parameters) => this.#execute(writes, () => statement.run(parameters)),
      iterate: (parameters) => this.#execute(writes, () => statement.iterate(parameters)),
    };
  }

  #execute<T>(writes: boolean, run: () => T): T {
    if (this.#lost) throw this.#lost;
    if (writes && !this.#batch) this.#open();
    let result: T;
    try {
      result = run();
    } catch (err) {
      // SQLite may answer an I/O error, a full disk or similar by rolling the whole transaction back.
      if (this.#batch && !this.#sqlite.inTransaction) this.#fail(err);
      throw err;
    }
    if (this.#batch && !this.#sqlite.inTransaction) {
      const err = new Error("the transaction was ended by a statement outside the group commit");
      this.#fail(err);
      throw this.#failure;
    }
    return result;
  }

  #open(): void {
    if (this.#closed) throw new Error("the database is closed");
    this.#run("BEGIN IMMEDIATE");
    this.#batch = { id: this.#nextId++ };
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#commit();
    });
  }

  #begin(): void {
    if (this.#lost) throw this.#lost;
    if (!this.#batch) this.#open();
    this.#run(`SAVEPOINT gc_${this.#depth + 1}`);
    this.#depth++;
  }

  #release(): void {
    // Kysely answers a failed commit with a rollback, which closes the savepoint.
    if (this.#lost) throw this.#lost;
    this.#run(`RELEASE gc_${this.#depth}`);
    this.#closeSavepoint();
  }

  #rollback(): void {
    if (!this.#lost) {
      try {
        this.#run(`ROLLBACK TO gc_${this.#depth}`);
        this.#run(`RELEASE gc_${this.#depth}`);
      } catch (err) {
        this.#abandon(err); // the savepoint cannot be trusted: give up the whole batch
      }
    }
    this.#closeSavepoint();
  }

  #closeSavepoint(): void {
    this.#depth = Math.max(0, this.#depth - 1);
    if (this.#depth > 0) return;
    this.#lost = undefined;
    if (this.#batch) this.#schedule();
  }

  #commit(): CommitFailed | undefined {
    const batch = this.#batch;
    if (!batch || this.#closed || this.#depth > 0) return undefined; // releasing the savepoint reschedules
    try {
      this.#sqlite.exec("COMMIT");
    } catch (err) {
      return this.#abandon(err); // a failed COMMIT may leave the transaction open
    }
    this.#batch = undefined;
    batch.settle?.();
    return undefined;
  }

  /** Rolls the outer transaction back and fails its batch. */
  #abandon(cause: unknown): CommitFailed | undefined {
    try {
      if (this.#sqlite.inTransaction) this.#sqlite.exec("ROLLBACK");
    } catch {
      // nothing more can be undone here; the batch fails either way
    }
    return this.#fail(cause);
  }

  /** The outer transaction is gone without being committed: every request that saw it fails. */
  #fail(cause: unknown): CommitFailed | undefined {
    const batch = this.#batch;
    if (!batch) return undefined;
    this.#batch = undefined;
    this.#failure = new CommitFailed(batch.id, cause);
    this.#failedUpTo = batch.id;
    if (this.#depth > 0) this.#lost = this.#failure;
    batch.settle?.();
    return this.#failure;
  }
}
