import { type MockInstance, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';

type Query = (...args: unknown[]) => Promise<unknown>;

/** The SQL of a statement as either driver receives it (node-postgres takes a config object too). */
const textOf = (statement: unknown) =>
  typeof statement === 'string' ? statement : String((statement as { text?: unknown } | null)?.text ?? '');

/**
 * Counts the statements the app sends to its database outside transactions (every public read), as the driver
 * receives them: PGlite's `query`, or node-postgres's pool `query`.
 */
export function statementCounter(database: DatabaseHandle) {
  const client = (database.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query.bind(client);
  const spy: MockInstance<Query> = vi.spyOn(client, 'query');
  return {
    /** Statements so far that read `table`. */
    reading: (table: string) =>
      spy.mock.calls.filter(([statement]) => textOf(statement).includes(`from "${table}"`)).length,
    /** Makes the next statement run, then hold its result until `release` is called. */
    holdNext: () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let ran = () => {};
      const hasRun = new Promise<void>((resolve) => {
        ran = resolve;
      });
      spy.mockImplementationOnce(async (...args) => {
        const result = await original(...args);
        ran();
        await released;
        return result;
      });
      return { hasRun, release };
    },
    /** Makes the next statement fail as a lost connection does. */
    failNext: () => {
      spy.mockImplementationOnce(async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
    },
    restore: () => spy.mockRestore(),
  };
}
