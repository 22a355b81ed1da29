import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { z } from 'zod';
import { serialRuns } from '../lib/serial-runs';
import { CACHE_TAGS, type CacheTag } from './response-cache';

/** The PostgreSQL channel every instance of the API listens on for other instances' writes. */
export const CACHE_CHANNEL = 'carcare_cache';
/** How the listener's connection shows in `pg_stat_activity`. */
export const CACHE_LISTENER_NAME = 'carcare-cache-listener';

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5000;

/**
 * What one instance tells the others: who wrote (so that it ignores its own message) and what changed: the
 * public data of some cache tags, or the shop's settings and closures (which every instance keeps in memory).
 */
const broadcastMessage = z.union([
  z.strictObject({ from: z.string().min(1), tags: z.array(z.enum(CACHE_TAGS)).min(1) }),
  z.strictObject({ from: z.string().min(1), shop: z.literal('changed') }),
]);

const parsedMessage = (payload: string | undefined) => {
  try {
    const parsed = broadcastMessage.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * After a write to the shop's settings or closures: reads them again here, then tells the other instances
     * to do the same (decision 035). Resolves once this instance has the new state.
     */
    shopChanged: () => Promise<void>;
  }
}

type BroadcastOptions = {
  /** Reads the shop's settings and closures again on this instance (`app.shop.reload`, handed in by the app). */
  reloadShop: () => Promise<unknown>;
};

/**
 * Sends what it is told, in batches: what is told while a batch is on its way goes out together in the next, each
 * item once, so each batch leaves after everything it holds was told, as a single message would. `close` sends
 * what is left and stops. `send` logs its own failures.
 */
export function coalescing<Item>(send: (items: Item[]) => Promise<void>) {
  let queued = new Set<Item>();
  const runs = serialRuns(async () => {
    const next = [...queued];
    queued = new Set();
    await send(next);
  });
  return {
    tell: (items: readonly Item[]) => {
      for (const item of items) queued.add(item);
      runs.run();
    },
    close: async () => {
      await runs.close();
      // What was told during the last batch, whose next one the closing stopped.
      const rest = [...queued];
      queued = new Set();
      if (rest.length > 0) await send(rest);
    },
  };
}

/**
 * Makes a write on one instance reach every instance: it drops the matching cached answers, and after a
 * change of the shop's settings each instance reads them again. Each message is sent with `pg_notify`
 * through the pool; one connection of its own per instance listens, whether or not answers are cached (the
 * settings need it either way). While that connection is down, answers still age out at the cache's time
 * bound; once it is back the whole cache is dropped and the settings read again, since messages may have
 * been missed meanwhile. The embedded database has one process only, whose own writes already reach every
 * reader: nothing is sent there.
 */
export const cacheBroadcastPlugin = fp(
  async (app: FastifyInstance, options: BroadcastOptions) => {
    const cache = app.responseCache;
    const url = app.database.url;
    const reloadHere = async () => {
      await options.reloadShop();
    };
    if (app.database.kind !== 'postgres' || !url) {
      app.decorate('shopChanged', reloadHere);
      return;
    }
    const self = randomUUID();

    const sending = new Set<Promise<void>>();
    const tell = (message: z.infer<typeof broadcastMessage>, what: string) => {
      const sent = app.db
        .execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`)
        .then(
          () => {},
          (error: unknown) => app.log.error({ err: error, message }, `could not tell the other instances of ${what}`),
        )
        .finally(() => sending.delete(sent));
      sending.add(sent);
      return sent;
    };
    // A rush of bookings sends a few messages instead of one each, which would queue for the pool's connections
    // before the bookings' own statements.
    const writes = coalescing<CacheTag>((tags) => tell({ from: self, tags }, 'a write'));
    if (cache.enabled) cache.tellOthersWith(writes.tell);
    app.decorate('shopChanged', async () => {
      await reloadHere();
      await tell({ from: self, shop: 'changed' }, 'a change of the settings');
    });

    /** Reads the settings again; a failure is logged, and the next change or reconnection reads them anew. */
    const reloadShop = () => {
      const reading = reloadHere()
        .catch((error: unknown) =>
          app.log.error({ err: error }, "could not read the shop's settings again after another instance changed them"),
        )
        .finally(() => sending.delete(reading));
      sending.add(reading);
    };

    let listener: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopping = false;

    const heard = (notification: pg.Notification) => {
      if (notification.channel !== CACHE_CHANNEL) return;
      const message = parsedMessage(notification.payload);
      if (!message) {
        app.log.warn({ payload: notification.payload }, 'ignored a malformed message of another instance');
        return;
      }
      if (message.from === self) return;
      if ('tags' in message) {
        if (cache.enabled) cache.dropHere(message.tags);
      } else {
        reloadShop();
      }
    };

    const listen = async () => {
      retry = undefined;
      // node-postgres is loaded by a server on PostgreSQL only (decision 050).
      const { Client } = (await import('pg')).default;
      const client = new Client({ connectionString: url, application_name: CACHE_LISTENER_NAME });
      let lost = false;
      const lose = (error?: unknown) => {
        if (lost) return;
        lost = true;
        if (listener === client) listener = undefined;
        client.removeListener('notification', heard);
        void client.end().catch(() => {});
        if (stopping) return;
        app.log.warn(
          { err: error, retryInMs: retryMs },
          "the cache listener lost PostgreSQL: other instances' writes show here only as answers age out, and their changes of the settings once it is back",
        );
        retry = setTimeout(listen, retryMs);
        retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
      };
      client.on('error', lose);
      client.on('end', () => lose());
      client.on('notification', heard);
      try {
        await client.connect();
        await client.query(`listen ${CACHE_CHANNEL}`);
      } catch (error) {
        lose(error);
        return;
      }
      if (lost) return;
      if (stopping) {
        lost = true;
        await client.end().catch(() => {});
        return;
      }
      listener = client;
      retryMs = FIRST_RETRY_MS;
      // Writes made elsewhere while nobody listened were never heard: forget everything from before, and read
      // the settings again (at start too: another instance may have changed them since this one read them).
      cache.clear();
      reloadShop();
    };

    await listen();
    app.addHook('preClose', async () => {
      stopping = true;
      clearTimeout(retry);
    });
    app.addHook('onClose', async () => {
      stopping = true;
      clearTimeout(retry);
      await writes.close();
      await Promise.all(sending);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    });
  },
  { name: 'cache-broadcast', dependencies: ['response-cache'] },
);
