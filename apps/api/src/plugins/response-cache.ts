import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

/** What a cached public answer depends on; a write to it drops every answer carrying that tag. */
export type CacheTag = 'services' | 'slots' | 'reviews';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET's 200 answers until a write invalidates the tag (or they age out). */
    cache?: CacheTag;
  }
  interface FastifyInstance {
    responseCache: {
      invalidate: (...tags: CacheTag[]) => void;
      /** How many answers are kept and their size in bytes. */
      usage: () => { entries: number; bytes: number };
    };
  }
}

type Entry = { body: string; tag: CacheTag };

/**
 * The key of a request: its route and its validated input. Parameters a route does not know are stripped
 * by validation and defaults are filled in, so `?page=1&junk=1` and `` are one entry, and no request
 * can make a new entry but with a query the route really answers differently.
 */
function cacheKey(request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const ordered = Object.keys(query)
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([request.routeOptions.url, request.params ?? {}, ordered]);
}

/**
 * An in-process cache of public read answers. Writes in this process invalidate their tag at once;
 * `maxAgeMs` bounds how long another instance's write can go unseen, and entries expire at that age on
 * their own. The cache never holds more than `maxBytes` of answers: the least recently read go first.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { maxAgeMs: number; maxBytes: number }) => {
    const enabled = options.maxAgeMs > 0;
    const entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      // Strings are UTF-16 in memory: two bytes a unit, plus the key.
      sizeCalculation: (entry, key) => (entry.body.length + key.length) * 2,
      ttl: enabled ? options.maxAgeMs : 0,
      ttlAutopurge: enabled,
    });
    const served = new WeakSet<object>();
    app.decorate('responseCache', {
      invalidate: (...tags: CacheTag[]) => {
        const stale = [...entries.entries()].filter(([, entry]) => tags.includes(entry.tag)).map(([key]) => key);
        for (const key of stale) entries.delete(key);
      },
      usage: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
    });
    app.addHook('onClose', async () => entries.clear());
    if (!enabled) return;

    // After validation, so that the key is made of what the route accepted, never of the raw URL.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
      const entry = entries.get(cacheKey(request));
      if (!entry) return;
      served.add(request);
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(entry.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const tag = request.routeOptions.config.cache;
      if (
        !tag ||
        served.has(request) ||
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string'
      ) {
        return payload;
      }
      entries.set(cacheKey(request), { body: payload, tag });
      return payload;
    });
  },
  { name: 'response-cache' },
);
