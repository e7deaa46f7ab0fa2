/** Distinct SQL texts kept prepared; the store issues a few dozen, so this bound is never reached in practice. */
const MAX_STATEMENTS = 500;

/** The same SQL text gets the same prepared statement (see driver.ts for why that is safe). */
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
