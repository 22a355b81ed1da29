import type { Executor } from './client';
import { onePerHandle } from './one-per-handle';

/** Each handle's statements, by name. */
const statementsOf = onePerHandle((_db: Executor) => new Map<string, unknown>());

/**
 * A statement built once per database handle and then only executed: drizzle's query building costs
 * several times the round trip of a small indexed query, which matters on hot paths (every signed-in
 * request looks its caller up). Statements are cached per handle, so a transaction gets its own.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  const statements = statementsOf(db);
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
