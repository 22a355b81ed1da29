import { CACHE_TAGS, type CacheTag } from '@carcare/contracts/site-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { singleFlight } from '../lib/single-flight';

export { CACHE_TAGS, type CacheTag };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cache this public GET's 200 answers until a write invalidates the tag (or they age out). Concurrent misses
     * of one key share one run of the handler, so its answer is what it returns: it sets nothing on the reply.
     */
    cache?: CacheTag;
    /**
     * The public data a write route changes: every POST, PUT, PATCH and DELETE route declares it, `[]` for
     * one that changes nothing a public read or page shows. Its answer below 400 (or a 5xx, after which part
     * of the write may stand) drops the answers carrying these tags, on every instance, before it is sent.
     */
    invalidates?: readonly CacheTag[];
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
      /**
       * Keeps a rendered page until a write to one of `tags` (or its age) drops it; nothing when caching is off,
       * or when one of them was written since `version` (the page may show what was there before).
       */
      rememberPage: (key: string, page: CachedPage, tags: readonly CacheTag[], version: number) => void;
      /** A number that grows with every write to one of `tags`, here or told by another instance. */
      version: (tags: readonly CacheTag[]) => number;
      /** Every write route and the tags it declares it invalidates (undefined: it declares nothing). */
      writeRoutes: WriteRoute[];
    };
  }
}

/** A write route as registered: its method, its path and what it declares it invalidates. */
export type WriteRoute = { method: string; url: string; invalidates: readonly CacheTag[] | undefined };

/** The methods of routes that write, each of which declares `config.invalidates`. */
export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Whether a write that answered `status` may have changed its data: a client error (4xx) was refused before
 * anything was written, so it drops nothing (nobody can empty the cache with requests that fail).
 */
const mayHaveWritten = (status: number) => status < 400 || status >= 500;

/** A server-rendered page: its HTML and the status it answers with. */
export type CachedPage = {
  body: string;
  status: number;
  /** The body compressed once, for clients that accept it. */
  encoded?: { br: Buffer; gzip: Buffer };
};

type Entry = {
  body: string;
  tags: readonly CacheTag[];
  /** An API answer's content type and cache policy, as its first answer had them. */
  type?: string;
  cacheControl?: string;
  /** A page's status and compressed body. */
  status?: number;
  encoded?: CachedPage['encoded'];
};

const JSON_TYPE = 'application/json; charset=utf-8';

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
      // One very large answer (the older client's whole review list) is served but not kept: it would push
      // out the many small answers that make the cache worth having.
      maxEntrySize: Math.ceil(options.maxBytes / 2),
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
    /** Writes seen per tag: an answer read before a write to its tag is not kept after it. */
    const writes = new Map<CacheTag, number>();
    const version = (tags: readonly CacheTag[]) => tags.reduce((sum, tag) => sum + (writes.get(tag) ?? 0), 0);
    const written = (tags: readonly CacheTag[]) => {
      for (const tag of tags) writes.set(tag, (writes.get(tag) ?? 0) + 1);
    };
    /** The key of each cacheable request, and the version of its tag's data, worked out once when it arrives. */
    const keys = new WeakMap<object, { key: string; version: number }>();
    /** Requests answered by a run of the handler that another request began: that one keeps the answer. */
    const joined = new WeakSet<object>();
    const reads = singleFlight<unknown>();
    /** The cached answer of a public read, keyed by its input as the route's schemas read it. */
    const hitFor = (request: FastifyRequest) => {
      const tag = request.routeOptions.config.cache;
      if (request.method !== 'GET' || !tag) return undefined;
      let known = keysOfUrls.get(request.url);
      if (!known) {
        known = { key: cacheKey(request) };
        keysOfUrls.set(request.url, known);
      }
      const { key } = known;
      if (key === undefined) return undefined;
      keys.set(request, { key, version: version([tag]) });
      return entries.get(key);
    };
    const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      served.add(request);
      if (entry.cacheControl) reply.header('cache-control', entry.cacheControl);
      return reply
        .header('content-type', entry.type ?? JSON_TYPE)
        .header('x-cache', 'hit')
        .send(entry.body);
    };

    const dropHere = (tags: readonly CacheTag[]) => {
      written(tags);
      const stale = [...entries.entries()]
        .filter(([, entry]) => entry.tags.some((tag) => tags.includes(tag)))
        .map(([key]) => key);
      for (const key of stale) entries.delete(key);
    };
    let tellOthers = (_tags: readonly CacheTag[]) => {};
    const invalidate = (...tags: CacheTag[]) => {
      dropHere(tags);
      tellOthers(tags);
    };
    const writeRoutes: WriteRoute[] = [];

    app.decorate('responseCache', {
      invalidate,
      dropHere,
      clear: () => {
        written(CACHE_TAGS);
        entries.clear();
      },
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
      rememberPage: (key, page, tags, since) => {
        if (enabled && version(tags) === since) entries.set(`page ${key}`, { ...page, tags });
      },
      version,
      writeRoutes,
    });

    // A write route drops what it declares it changes once its handler is done and before its answer leaves:
    // a read its caller makes after the answer never meets what was there before.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().filter((method) => WRITE_METHODS.includes(method));
      if (methods.length === 0) return;
      const tags = route.config?.invalidates;
      for (const method of methods) writeRoutes.push({ method, url: route.url, invalidates: tags });
      if (!tags || tags.length === 0) return;
      const dropDeclared = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (mayHaveWritten(reply.statusCode)) invalidate(...tags);
        return payload;
      };
      const existing = route.onSend ?? [];
      route.onSend = [...(Array.isArray(existing) ? existing : [existing]), dropDeclared];
    });

    // Concurrent misses of one key run the handler once: a burst right after a write costs one query per key,
    // not one per request. Each request went through its own hooks and validation; an error of the shared run
    // reaches each as its own, through the error handler, and is never kept.
    app.addHook('onRoute', (route) => {
      if (!route.config?.cache) return;
      const handler = route.handler;
      route.handler = function sharedRead(this: FastifyInstance, request, reply) {
        const known = keys.get(request);
        if (!known) return handler.call(this, request, reply);
        const running = reads.current(known.key, known.version);
        if (running) {
          joined.add(request);
          return running;
        }
        return reads.begin(known.key, known.version, async () => handler.call(this, request, reply));
      } as RouteHandlerMethod;
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
      const known = keys.get(request);
      const tag = request.routeOptions.config.cache;
      if (!known || !tag || served.has(request) || joined.has(request)) return payload;
      if (reply.statusCode !== 200 || typeof payload !== 'string' || version([tag]) !== known.version) return payload;
      const cacheControl = reply.getHeader('cache-control');
      entries.set(known.key, {
        body: payload,
        tags: [tag],
        type: String(reply.getHeader('content-type') ?? JSON_TYPE),
        cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
      });
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
