import { CompiledQuery } from "kysely";
import type { Db } from "./db";
import type { Database } from "./schema";

/**
 * A query written once as SQL text with `?` parameters, for the hottest reads and inserts: Kysely's
 * builder builds and compiles a query again on every call, which cost more CPU than SQLite's own
 * work. It runs through Kysely's `executeQuery` with a `CompiledQuery`, so it joins the caller's
 * transaction and takes its turn on the connection; the driver prepares each SQL text once.
 */
export function preparedQuery<Row>(text: string): (db: Db, parameters: unknown[]) => Promise<Row[]> {
  const compiled = CompiledQuery.raw(text);
  return async (db, parameters) => (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
}

/**
 * An insert of whole rows. `columns` names every column of the row (the type checker sees to it), so
 * that a column added to the table later cannot be left out silently; a column stored as JSON names
 * its encoder (`JSON.stringify`) instead of `true`.
 */
export function preparedInsert<Row extends object>(
  table: keyof Database,
  columns: { [K in keyof Row & string]: true | ((value: Row[K]) => unknown) },
): (db: Db, row: Row) => Promise<void> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  const encoders = names.map((n): ((value: unknown) => unknown) | undefined => {
    const column = columns[n];
    return column === true ? undefined : (column as (value: unknown) => unknown);
  });
  const insert = preparedQuery<never>(
    `insert into "${table}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
  );
  return async (db, row) => {
    await insert(
      db,
      names.map((n, i) => {
        const encode = encoders[i];
        return encode ? encode(row[n]) : row[n];
      }),
    );
  };
}
