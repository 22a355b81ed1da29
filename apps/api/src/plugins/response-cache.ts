import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/** What a cached public answer depends on; a write to it drops every answer carrying that tag. */
export const CACHE_TAGS = ['services', 'slots', 'reviews'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET's 200 answers until a write invalidates the tag (or they age out). */
    cache?: CacheTag;
  }
  interface FastifyInstance {
    responseCache: {
      /** Drops the answers carrying any of `tags` here at once, and tells the other instances when one listens. */
      invalidate: (...tags: CacheTag[]) => void;
      /** Drops the answers carrying any of `tags` here only: another instance's write, as it told us. */
      dropHere: (tags: readonly CacheTag[]) => void;
      /** Drops every answer: this instance may have missed other instances' writes. */
      clear: () => void;
      /** Whether answers are cached at all (PUBLIC_CACHE_SECONDS above 0). */
      enabled: boolean;
      /** Has every later `invalidate` also passed its tags to `tell` (the cache broadcast). */
      tellOthersWith: (tell: (tags: readonly CacheTag[]) => void) => void;
      /** How many answers are kept and their size in bytes. */
      usage: () => { entries: number; bytes: number };
      /**
       * Answers a hit that the first hook left (a request from another origin, which CORS must see, or one
       * before any answer showed the security headers); registered by the app after the CORS plugin.
       */
      answerLateHit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
      /** A rendered page kept under `key`, if any (decision 022). */
      recallPage: (key: string) => CachedPage | undefined;
      /** Keeps a rendered page until a write to one of `tags` (or its age) drops it; nothing when caching is off. */
      rememberPage: (key: string, page: CachedPage, tags: readonly CacheTag[]) => void;
    };
  }
}

/** A server-rendered page: its HTML and the status it answers with. */
export type CachedPage = {
  body: string;
  status: number;
  /** The body compressed once, for clients that accept it. */
  encoded?: { br: Buffer; gzip: Buffer };
};

type Entry = { body: string; tags: readonly CacheTag[]; status?: number; encoded?: CachedPage['encoded'] };

/** What a route accepts in one part of the request, when it declares a zod schema for it. */
function validated(schema: unknown, input: unknown): { ok: true; value: unknown } | { ok: false } {
  if (schema === undefined) return { ok: true, value: {} };
  if (!(schema instanceof z.ZodType)) return { ok: false };
  const result = schema.safeParse(input ?? {});
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/**
 * The key of a request: its route and its input as the route's own schemas accept it. Parameters a route
 * does not know are stripped and defaults filled in, so `?page=1&junk=1` and `` are one entry, and no
 * request can make a new entry but with a query the route really answers differently. Undefined when
 * the input is invalid: such a request is answered by the route (with its 400), never from the cache.
 */
function cacheKey(request: FastifyRequest): string | undefined {
  const { url, schema } = request.routeOptions;
  const params = validated(schema?.params, request.params);
  const query = validated(schema?.querystring, request.query);
  if (!params.ok || !query.ok) return undefined;
  const values = (query.value ?? {}) as Record<string, unknown>;
  // A parameter given as "not given" (empty, or a zero budget) is the same answer as one left out.
  const ordered = Object.keys(values)
    .filter((name) => values[name] !== undefined)
    .sort()
    .map((name) => [name, values[name]]);
  return JSON.stringify([url, params.value, ordered]);
}

/**
 * Headers of an answer that are not the same for every answer of a public read: the body's, the cache's,
 * the connection's, CORS's and the rate limiter's. The others are the security headers, the same for all.
 */
const PER_ANSWER_HEADER =
  /^(content-type$|content-length$|content-encoding$|x-cache$|vary$|access-control-|set-cookie$|date$|connection$|keep-alive$|transfer-encoding$|etag$|last-modified$|x-ratelimit-|retry-after$|cache-control$)/;

/**
 * An in-process cache of public read answers. Writes in this process invalidate their tag at once, and
 * on PostgreSQL the cache broadcast tells the other instances; `maxAgeMs` bounds how long another
 * instance's write can go unseen when that message is lost, and entries expire at that age on their own.
 * The cache never holds more than `maxBytes` of answers: the least recently read go first.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { maxAgeMs: number; maxBytes: number }) => {
    const enabled = options.maxAgeMs > 0;
    const entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      // Strings are UTF-16 in memory: two bytes a unit, plus the key.
      sizeCalculation: (entry, key) =>
        (entry.body.length + key.length) * 2 +
        (entry.encoded ? entry.encoded.br.length + entry.encoded.gzip.length : 0),
      ttl: enabled ? options.maxAgeMs : 0,
      ttlAutopurge: enabled,
    });
    // The key each raw URL of a cached route gave, so that a repeated request is not validated again before
    // it is answered (the same URL always gives the same key).
    const keysOfUrls = new LRUCache<string, { key: string | undefined }>({ max: 10_000 });
    const served = new WeakSet<object>();
    /** The security headers every answer carries, as the first answer of a public read showed them. */
    let securityHeaders: Record<string, string> | undefined;
    /** The key of each cacheable request, worked out once when it arrives. */
    const keys = new WeakMap<object, string>();
    /** The cached answer of a public read, keyed by its input as the route's schemas read it. */
    const hitFor = (request: FastifyRequest) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cache) return undefined;
      let known = keysOfUrls.get(request.url);
      if (!known) {
        known = { key: cacheKey(request) };
        keysOfUrls.set(request.url, known);
      }
      const { key } = known;
      if (key === undefined) return undefined;
      keys.set(request, key);
      return entries.get(key);
    };
    const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      served.add(request);
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(entry.body);
    };

    const dropHere = (tags: readonly CacheTag[]) => {
      const stale = [...entries.entries()]
        .filter(([, entry]) => entry.tags.some((tag) => tags.includes(tag)))
        .map(([key]) => key);
      for (const key of stale) entries.delete(key);
    };
    let tellOthers = (_tags: readonly CacheTag[]) => {};

    app.decorate('responseCache', {
      invalidate: (...tags: CacheTag[]) => {
        dropHere(tags);
        tellOthers(tags);
      },
      dropHere,
      clear: () => entries.clear(),
      enabled,
      tellOthersWith: (tell) => {
        tellOthers = tell;
      },
      usage: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
      answerLateHit: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!enabled || served.has(request)) return;
        const entry = hitFor(request);
        if (entry) return answer(request, reply, entry);
      },
      recallPage: (key) => {
        const entry = entries.get(`page ${key}`);
        return entry?.status === undefined
          ? undefined
          : { body: entry.body, status: entry.status, encoded: entry.encoded };
      },
      rememberPage: (key, page, tags) => {
        if (enabled) entries.set(`page ${key}`, { ...page, tags });
      },
    });
    app.addHook('onClose', async () => {
      entries.clear();
      keysOfUrls.clear();
    });
    if (!enabled) return;

    // A hit is answered as soon as it arrives, before any other work (cookies, the security headers' own
    // hook, CORS, the rate limiter), with the security headers every answer carries.
    app.addHook('onRequest', async (request, reply) => {
      if (!securityHeaders || request.headers.origin !== undefined) return;
      const entry = hitFor(request);
      if (entry) return answer(request, reply.headers(securityHeaders), entry);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const key = keys.get(request);
      const tag = request.routeOptions.config.cache;
      if (!key || !tag || served.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
        return payload;
      }
      entries.set(key, { body: payload, tags: [tag] });
      if (!securityHeaders && request.headers.origin === undefined) {
        securityHeaders = Object.fromEntries(
          Object.entries(reply.getHeaders())
            .filter(([name, value]) => typeof value === 'string' && !PER_ANSWER_HEADER.test(name))
            .map(([name, value]) => [name, String(value)]),
        );
      }
      return payload;
    });
  },
  { name: 'response-cache' },
);
