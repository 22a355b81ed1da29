import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a cached public answer depends on; a write to it drops every answer carrying that tag. */
export type CacheTag = 'services' | 'slots' | 'reviews';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET's 200 answers until a write invalidates the tag (or they age out). */
    cache?: CacheTag;
  }
  interface FastifyInstance {
    responseCache: { invalidate: (...tags: CacheTag[]) => void };
  }
}

type Entry = { body: string; tag: CacheTag; storedAt: number };

const MAX_ENTRIES = 2_000;

/**
 * An in-process cache of public read answers, keyed by URL. Writes in this process invalidate their tag
 * at once; `maxAgeMs` bounds how long another instance's write can go unseen.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { maxAgeMs: number }) => {
    const entries = new Map<string, Entry>();
    const served = new WeakSet<object>();
    app.decorate('responseCache', {
      invalidate: (...tags: CacheTag[]) => {
        for (const [key, entry] of entries) if (tags.includes(entry.tag)) entries.delete(key);
      },
    });
    if (options.maxAgeMs <= 0) return;

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
      const entry = entries.get(request.url);
      if (!entry) return;
      if (Date.now() - entry.storedAt > options.maxAgeMs) {
        entries.delete(request.url);
        return;
      }
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
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(request.url, { body: payload, tag, storedAt: Date.now() });
      return payload;
    });
  },
  { name: 'response-cache' },
);
