import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Db } from "./db";
import type { Database } from "./schema";

/** Builds and compiles queries only; never connects to anything. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** Stands for an argument while the query is built: a string no caller can pass. */
const placeholder = (name: string) => `\u0000arg:${name}`;

/**
 * A query that Kysely builds and compiles once, then runs with each call's arguments.
 *
 * Kysely rebuilds and recompiles a query on every call (parsing values, visiting and freezing its
 * tree): for the hot reads and inserts that was more CPU than SQLite's own work. `build` receives
 * `arg(name)`, a stand-in for an argument; the compiled parameters are then mapped back to names,
 * so their order is whatever Kysely chose. Parameters that are not arguments stay constant.
 */
export function preparedQuery<Args extends object, Row>(
  build: (q: Kysely<Database>, arg: <K extends keyof Args & string>(name: K) => Args[K]) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: (string | undefined)[] = [];
  return async (db, args) => {
    if (!compiled) {
      compiled = build(compiler, (name) => placeholder(name) as never).compile();
      slots = compiled.parameters.map((value) =>
        typeof value === "string" && value.startsWith(placeholder(""))
          ? value.slice(placeholder("").length)
          : undefined,
      );
    }
    const values = args as Record<string, unknown>;
    const query = compiled;
    const parameters = slots.map((name, i) => (name === undefined ? query.parameters[i] : values[name]));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}

/**
 * An insert of whole rows, compiled once. `columns` names every column of the row (the type checker
 * sees to it), so that a column added to the table later cannot be left out silently.
 */
export function preparedInsert<Row extends object>(
  columns: Record<keyof Row & string, true>,
  build: (q: Kysely<Database>, row: Row) => Compilable<unknown>,
): (db: Db, row: Row) => Promise<void> {
  const run = preparedQuery<Row, unknown>((q, arg) => {
    const row = Object.fromEntries(Object.keys(columns).map((c) => [c, arg(c as keyof Row & string)])) as Row;
    return build(q, row);
  });
  return async (db, row) => {
    await run(db, row);
  };
}
