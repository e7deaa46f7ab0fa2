import fs from "node:fs";
import type SQLite from "better-sqlite3";
import type { QueryResult } from "kysely";

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

export interface GroupCommitOptions {
  /**
   * The WAL file to fdatasync after each COMMIT, off the event loop, before the batch counts as durable:
   * synchronous=FULL's guarantee with the connection in NORMAL (which syncs at checkpoints, not commits).
   * Without it, a batch is durable once committed.
   */
  syncWal?: string | undefined;
}

/** How a statement takes part in the batches: reads share a read transaction per turn, writes the write batch. */
type StatementKind = "read" | "write" | "other";

/** A statement prepared once (see driver.ts's statement cache) and how it takes part in the batches. */
export interface PreparedStatement {
  readonly statement: SQLite.Statement;
  readonly kind: StatementKind;
}

/** What a database's group commit tells the rest of the app: when what it wrote or read is durable. */
export interface Durability {
  readonly epoch: number;
  readonly pending: boolean;
  failedSince(epoch: number): boolean;
  durable(epoch?: number): Promise<void>;
}

/**
 * Group commit: one COMMIT (one fsync with synchronous=FULL) makes many requests' writes durable.
 *
 * An outer SQLite transaction (BEGIN IMMEDIATE) is opened by the first write or transaction and
 * committed on the next turn of the event loop (setImmediate), so under load every request that ran
 * in the meantime shares the commit. A Kysely transaction is a SAVEPOINT inside it (driver.ts's
 * begin/commit/rollbackTransaction call `begin`/`release`/`rollback`), so a failed operation still
 * undoes only its own writes. Kysely runs one query (or transaction) at a time on the connection, so
 * savepoints never interleave, and the commit waits until no savepoint is open.
 *
 * Nothing written is durable before that COMMIT, so nothing may be acknowledged before it:
 * `durable(epoch)` settles after the COMMIT that covers everything written so far and throws if any
 * batch since `epoch` was lost (a failed COMMIT, rolled back; or an error that made SQLite roll the
 * whole transaction back).
 *
 * With `syncWal`, the fsync of a commit runs in libuv's thread pool while the event loop goes on with
 * the next batch, which stays open until that sync ends and is committed then: the number of commits
 * follows the disk's sync rate, not the arrival of requests (a client in the same process delivers one
 * request per turn on Node 22 and 24). One fdatasync covers every batch committed before it started. A committed batch is
 * visible to reads before it is synced, so `epoch` starts at the oldest unsynced batch: whoever may
 * have read it waits for its sync, and fails if that sync failed.
 *
 * Reads (SELECT) outside a write batch share one read transaction per turn of the event loop, instead
 * of one implicit transaction each: SQLite takes and releases WAL read locks (fcntl) per transaction.
 */
export class GroupCommit implements Durability {
  readonly #sqlite: SQLite.Database;
  #batch: Batch | undefined;
  /** Committed batches whose WAL frames are not yet synced, oldest first. */
  #unsynced: Batch[] = [];
  #syncing = false;
  readonly #walFile: string | undefined;
  #walFd: number | undefined;
  /** A read transaction is open for this turn. */
  #reading = false;
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

  constructor(sqlite: SQLite.Database, options: GroupCommitOptions = {}) {
    this.#sqlite = sqlite;
    this.#walFile = options.syncWal;
  }

  /** The oldest batch a request starting now may read or write: the oldest unsynced, the open one, else the next. */
  get epoch(): number {
    return this.#unsynced[0]?.id ?? this.#batch?.id ?? this.#nextId;
  }

  /** True while written (or read) data is not yet durable. */
  get pending(): boolean {
    return this.#batch !== undefined || this.#unsynced.length > 0;
  }

  /** True when a batch numbered `epoch` or later was lost. */
  failedSince(epoch: number): boolean {
    return this.#failedUpTo >= epoch;
  }

  /** Settles after the COMMIT covering everything written so far; throws if a batch since `epoch` was lost. */
  async durable(epoch = this.epoch): Promise<void> {
    // Batches become durable in order: waiting for the newest covers the older ones.
    const batch = this.#batch ?? this.#unsynced.at(-1);
    if (batch) {
      batch.done ??= new Promise<void>((resolve) => {
        batch.settle = resolve;
      });
      await batch.done;
    }
    if (this.#failedUpTo >= epoch) throw this.#failure ?? new Error(`a batch since ${epoch} was lost`);
  }

  /** Prepares a statement and decides once how it takes part in the batches. */
  prepare(sql: string): PreparedStatement {
    const statement = this.#sqlite.prepare(sql);
    // Only plain SELECTs join the read transaction: a PRAGMA, say, may not run inside one.
    const kind: StatementKind = !statement.readonly ? "write" : /^select\s/i.test(sql) ? "read" : "other";
    return { statement, kind };
  }

  /** Runs a statement in the current batch (a write opens one), answering as Kysely's SQLite driver does. */
  execute<R>({ statement, kind }: PreparedStatement, parameters: readonly unknown[]): QueryResult<R> {
    if (this.#lost) throw this.#lost;
    if (!this.#batch) {
      if (kind === "write") this.#open();
      else if (kind === "read" && !this.#reading && !this.#closed) this.#beginRead();
    }
    let result: QueryResult<R>;
    try {
      if (statement.reader) {
        result = { rows: statement.all(parameters) as R[] };
      } else {
        const { changes, lastInsertRowid } = statement.run(parameters);
        result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
      }
    } catch (err) {
      // SQLite may answer an I/O error, a full disk or similar by rolling the whole transaction back.
      if (!this.#sqlite.inTransaction) {
        this.#reading = false;
        if (this.#batch) this.#fail(err);
      }
      throw err;
    }
    if (this.#batch && !this.#sqlite.inTransaction) {
      const err = new Error("the transaction was ended by a statement outside the group commit");
      throw this.#fail(err) ?? err;
    }
    return result;
  }

  /** A Kysely transaction begins: a savepoint in the open batch (opening one if needed). */
  begin(): void {
    if (this.#lost) throw this.#lost;
    if (!this.#batch) this.#open();
    this.#run(`SAVEPOINT gc_${this.#depth + 1}`);
    this.#depth++;
  }

  /** A Kysely transaction commits: its savepoint is released into the batch, committed with it. */
  release(): void {
    // Kysely answers a failed commit with a rollback, which closes the savepoint.
    if (this.#lost) throw this.#lost;
    this.#run(`RELEASE gc_${this.#depth}`);
    this.#closeSavepoint();
  }

  /** A Kysely transaction rolls back: only its own savepoint is undone. */
  rollback(): void {
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

  /** Commits what is pending now (unless a savepoint is open) and syncs it; throws if that failed. */
  flush(): void {
    if (this.#reading) this.#endRead();
    const failure = this.#commit();
    if (failure) throw failure;
    if (this.#unsynced.length === 0) return;
    const batches = this.#unsynced.splice(0);
    try {
      fs.fdatasyncSync(this.#openWal());
    } catch (err) {
      this.#failSync(batches, err);
      throw this.#failure ?? err;
    }
    for (const batch of batches) batch.settle?.();
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
      if (this.#walFd !== undefined) fs.closeSync(this.#walFd);
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

  #open(): void {
    if (this.#closed) throw new Error("the database is closed");
    if (this.#reading) this.#endRead();
    this.#run("BEGIN IMMEDIATE");
    this.#batch = { id: this.#nextId++ };
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#reading) this.#endRead();
      // While the WAL is being synced the batch stays open: it is committed when that sync ends, so
      // every request arriving during a sync shares the next COMMIT and the next sync.
      if (this.#syncing) return;
      this.#commit();
    });
  }

  #beginRead(): void {
    this.#run("BEGIN");
    this.#reading = true;
    this.#schedule();
  }

  /** Ends the turn's read transaction: it wrote nothing, so this COMMIT writes and syncs nothing. */
  #endRead(): void {
    this.#reading = false;
    try {
      this.#run("COMMIT");
    } catch {
      if (this.#sqlite.inTransaction) this.#sqlite.exec("ROLLBACK");
    }
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
    if (this.#walFile === undefined) {
      batch.settle?.();
    } else {
      this.#unsynced.push(batch);
      this.#startSync();
    }
    return undefined;
  }

  /** One fdatasync of the WAL at a time; it covers every batch committed before it started. */
  #startSync(): void {
    if (this.#syncing || this.#closed || this.#unsynced.length === 0) return;
    const batches = this.#unsynced.slice();
    let fd: number;
    try {
      fd = this.#openWal();
    } catch (err) {
      this.#unsynced.splice(0, batches.length);
      this.#failSync(batches, err);
      return;
    }
    this.#syncing = true;
    fs.fdatasync(fd, (err) => {
      this.#syncing = false;
      if (this.#closed) return; // close() synced and settled them
      this.#unsynced.splice(0, batches.length);
      if (err) this.#failSync(batches, err);
      else for (const batch of batches) batch.settle?.();
      this.#commit(); // the batch that waited for this sync, unless a savepoint is open (its release schedules it)
      this.#startSync();
    });
  }

  /** Linux syncs a file's data whichever descriptor wrote it: our own one to the WAL is enough. */
  #openWal(): number {
    if (this.#walFd === undefined) this.#walFd = fs.openSync(this.#walFile as string, "r");
    return this.#walFd;
  }

  /**
   * The WAL could not be synced: these batches are committed (others may read them) but perhaps not
   * on disk, so everyone who may have seen them fails, as when a COMMIT fails.
   */
  #failSync(batches: Batch[], cause: unknown): void {
    const last = batches.at(-1);
    if (!last) return;
    this.#failure = new CommitFailed(last.id, cause);
    this.#failedUpTo = Math.max(this.#failedUpTo, last.id);
    for (const batch of batches) batch.settle?.();
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
    this.#failedUpTo = Math.max(this.#failedUpTo, batch.id);
    if (this.#depth > 0) this.#lost = this.#failure;
    batch.settle?.();
    return this.#failure;
  }
}
