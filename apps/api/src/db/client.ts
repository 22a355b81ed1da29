import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { runMigrations } from './migrate';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either so that callers can compose writes. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** The PostgreSQL server's address, for the few connections kept outside the pool; none when embedded. */
  url?: string;
  /** The embedded database's data directory as one file, to start another from (tests); none on PostgreSQL. */
  dump?: () => Promise<Blob>;
};

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
  }
}

/** What the embedded database loads: every PGlite opened on a data directory needs the same set. */
export const pgliteExtensions = { pg_trgm, btree_gist };
const MIGRATION_LOCK_KEY = 7_204_310;

/** Opening a connection gives up after this long: a database that cannot be reached fails the request in seconds. */
const CONNECT_TIMEOUT_MS = 2000;
/**
 * Waiting for a pooled connection while all are lent out gives up after this long: a burst of reads (a busy
 * morning's first page loads, every instance making its days at once) queues briefly instead of being refused,
 * and a request still never waits longer than a statement may run.
 */
const POOL_WAIT_MS = 5000;
/** An idle connection is probed this long after its last traffic, so that a dead one is found and dropped. */
const KEEPALIVE_DELAY_MS = 10_000;
/**
 * The server cancels a statement running longer than this; the slowest legitimate ones (a report's daily
 * figures, one 1000-row batch of the CSV export) take well under a second. Migrations run outside the pool.
 */
const STATEMENT_TIMEOUT_MS = 5000;
/** The client stops waiting for an answer after this long: the server is gone or the network drops it all. */
const QUERY_TIMEOUT_MS = 6000;

/**
 * A pooled client that closes its connection when a query outlasts `query_timeout`. pg then only stops
 * waiting: the statement may still be running and a rollback queued behind it is dropped unsent, so the
 * connection must never go back to the pool, possibly in the middle of a transaction. Once closed, the pool
 * discards it on release, and everything queued on it fails at once instead of waiting its own turn.
 */
const droppedOnQueryTimeoutClient = (Client: typeof pg.Client) =>
  class DroppedOnQueryTimeoutClient extends Client {
    constructor(config?: string | pg.ClientConfig) {
      // The pool hands each client its own options, whose connectionTimeoutMillis is the wait for a free
      // connection; opening one has the shorter bound of its own.
      super(typeof config === 'string' ? config : { ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      const dropOnTimeout = (error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') this.end().catch(() => {});
      };
      this.query = ((...args: unknown[]) => {
        const callback = args.at(-1);
        if (typeof callback === 'function') {
          args[args.length - 1] = (error: unknown, result: unknown) => {
            dropOnTimeout(error);
            callback(error, result);
          };
          return query(...args);
        }
        const result = query(...args);
        if (result instanceof Promise) result.catch(dropOnTimeout);
        return result;
      }) as pg.Client['query'];
    }
  };

/**
 * The embedded database's own settings, after PGlite's. Its buffer cache lives in the server's memory, all of it
 * from the start: 32 MB instead of PostgreSQL's 128 MB, which a shop's working set does not need (the operating
 * system caches its files as well). Decision 047.
 */
const embeddedStartParams = (defaults: string[]) => [...defaults, '-c', 'shared_buffers=32MB'];

type DatabaseOptions =
  /** `poolSize`: the connections kept to the server, DATABASE_POOL_SIZE's default (5) unless given. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests), starting from `snapshot` when given. */
  | { kind: 'pglite'; dataDir: string | undefined; snapshot?: Blob };

/**
 * Opens the database the configuration names. Each kind's driver is loaded here, by the server that uses it:
 * a server on PostgreSQL never holds PGlite, and an embedded one never holds node-postgres (decision 050).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle: drizzleNodePg } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 5,
      Client: droppedOnQueryTimeoutClient(pg.Client),
      // How long a request waits for a free connection; opening one gives up sooner (the client's own bound),
      // so that a database that cannot be reached fails the request in seconds, not when the OS gives up.
      connectionTimeoutMillis: POOL_WAIT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // A client losing its server, idle or lent out, must not crash the process: the queries under way on it
    // fail with the error, and the pool discards it when it comes back (drizzle releases it either way).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      // Several instances may start at once: one migrates while the others wait, then find nothing to do.
      // Outside the pool, whose time limits are for requests: a migration or the wait for another's may be long.
      migrate: async () => {
        const client = new pg.Client({ connectionString: options.url, keepAlive: true });
        // A lost connection fails the migration's query; its 'error' event must not also crash the process.
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await runMigrations(drizzleNodePg(client));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          await client.end();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const settings = { extensions: pgliteExtensions, startParams: embeddedStartParams(PGlite.defaultStartParams) };
  const client = options.dataDir
    ? new PGlite(privateDirectory(path.join(options.dataDir, 'pglite')), settings)
    : new PGlite({ ...settings, ...(options.snapshot ? { loadDataDir: options.snapshot } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => runMigrations(drizzlePglite(client)),
    ping: () => ping(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * The embedded database's files hold the signing secret and password hashes (its WAL too): its directory is
 * the server account's alone even when a process's umask would let PGlite create it readable (decision 026).
 */
function privateDirectory(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
