import { type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

/**
 * A long statement written with the query builder, built and compiled once, then only given its values:
 * building it again for each call (its tables, columns and nested parts) costs several times what running
 * it does, which counts where a statement runs for every request of a rush. `build` writes the statement
 * with `value(name)` wherever a value goes. The function returned runs it on any handle or transaction as
 * the statement `name`, parsed once per connection, and answers its rows as both drivers give them (timestamps
 * and dates as text). PostgreSQL plans a prepared statement's first five runs on a connection with their values,
 * then keeps one plan for it if that costs no more.
 */
export function builtOnce<Values extends Record<string, unknown>, Row>(
  name: string,
  build: (value: (name: keyof Values & string) => SQL) => SQL,
): (db: Executor, values: Values) => Promise<Row[]> {
  let compiled: Query | undefined;
  return async (db, values) => {
    compiled ??= dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
    const result = await db._.session.prepareQuery(compiled, undefined, name, false).execute(values);
    // Without fields to map, both drivers (node-postgres, PGlite) answer with their own result and its rows.
    return (result as { rows: Row[] }).rows;
  };
}
