import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { z } from 'zod';
import { CACHE_TAGS } from './response-cache';

/** The PostgreSQL channel every instance of the API listens on for other instances' writes. */
export const CACHE_CHANNEL = 'carcare_cache';
/** How the listener's connection shows in `pg_stat_activity`. */
export const CACHE_LISTENER_NAME = 'carcare-cache-listener';

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5000;

/** What one instance tells the others: who wrote (so that it ignores its own message) and what changed. */
const invalidationMessage = z.strictObject({
  from: z.string().min(1),
  tags: z.array(z.enum(CACHE_TAGS)).min(1),
});

const parsedMessage = (payload: string | undefined) => {
  try {
    const parsed = invalidationMessage.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Makes a write on one instance drop the matching cached answers on every instance. Each
 * invalidation is sent with `pg_notify` through the pool; one connection of its own per instance listens.
 * While that connection is down, answers still age out at the cache's time bound; once it is back the
 * whole cache is dropped, since messages may have been missed meanwhile. The embedded database has one
 * process only, whose own invalidations already reach every reader: nothing is done there.
 */
export const cacheBroadcastPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = app.responseCache;
    const url = app.database.url;
    if (app.database.kind !== 'postgres' || !url || !cache.enabled) return;
    const self = randomUUID();

    const sending = new Set<Promise<void>>();
    cache.tellOthersWith((tags) => {
      const sent = app.db
        .execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ from: self, tags })})`)
        .then(
          () => {},
          (error: unknown) => app.log.error({ err: error, tags }, 'could not tell the other instances of a write'),
        )
        .finally(() => sending.delete(sent));
      sending.add(sent);
    });

    let listener: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopping = false;

    const heard = (notification: pg.Notification) => {
      if (notification.channel !== CACHE_CHANNEL) return;
      const message = parsedMessage(notification.payload);
      if (!message) {
        app.log.warn({ payload: notification.payload }, 'ignored a malformed cache invalidation');
        return;
      }
      if (message.from !== self) cache.dropHere(message.tags);
    };

    const listen = async () => {
      retry = undefined;
      const client = new pg.Client({ connectionString: url, application_name: CACHE_LISTENER_NAME });
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
          "the cache listener lost PostgreSQL: other instances' writes show here only as answers age out",
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
      // Writes made elsewhere while nobody listened were never heard: forget everything from before.
      cache.clear();
    };

    await listen();

    app.addHook('preClose', async () => {
      stopping = true;
      clearTimeout(retry);
    });
    app.addHook('onClose', async () => {
      stopping = true;
      clearTimeout(retry);
      await Promise.all(sending);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    });
  },
  { name: 'cache-broadcast', dependencies: ['response-cache'] },
);
