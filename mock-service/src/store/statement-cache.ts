/** Distinct SQL texts kept prepared; the store issues a few dozen, so this bound is never reached in practice. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing (parsing and planning the SQL)
 * was the largest single cost of a simple read in the benchmark profile. better-sqlite3 statements
 * are reusable, so the same SQL text gets the same prepared statement. Safe because queries on the
 * connection run one at a time (Kysely's connection mutex) and nothing here streams with iterate().
 */
export function withStatementCache<S>(prepare: (sql: string) => S): (sql: string) => S {
  const statements = new Map<string, S>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
}
