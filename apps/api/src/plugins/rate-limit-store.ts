import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the rate limits are shared through Redis now; `unused` without REDIS_URL. */
    sharedRateLimits: { state: () => 'up' | 'down' | 'unused' };
  }
}

/** A connection attempt that takes longer has failed; requests never wait for one (nothing is queued). */
const CONNECT_TIMEOUT_MS = 500;
/** The longest a request waits for the shared count before it is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 250;
/** Reconnecting after a loss: 100 ms more each attempt, then every 2 s for as long as it takes. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2000);

/** The connection to REDIS_URL as the limiter and the health check see it. */
export type RedisLink = {
  redis: Redis;
  /** Whether the shared store answers now; while it does not, each instance counts on its own. */
  isUp: () => boolean;
  /** A command failed on a connection that looked fine: treat Redis as away and connect again. */
  failed: (error: Error) => void;
  /** Resolves once the first connection succeeded or failed, or after the connect timeout. */
  settled: Promise<void>;
  close: () => void;
};

/**
 * Connects to REDIS_URL so that a Redis that is away costs requests nothing: commands are never queued
 * while disconnected nor retried (they fail at once, and the limiter counts in memory instead), one command
 * waits at most COMMAND_TIMEOUT_MS, and the connection is retried in the background. Losing Redis and
 * getting it back are logged once each; 'error' events are all listened to.
 */
export async function openRedisLink(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  // Loaded by instances that share their limits, and never by one that runs alone (decision 050).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: reconnectDelay,
  });
  /** Unknown until the first connection succeeds or fails. */
  let up: boolean | undefined;
  let closing = false;
  const away = (error?: Error) => {
    if (closing || up === false) return;
    up = false;
    log.warn(
      { err: error },
      'Redis (REDIS_URL) is unreachable: each instance counts its rate limits on its own until it is back',
    );
  };
  redis.on('ready', () => {
    if (up === false) log.info('Redis (REDIS_URL) is back: rate limits are shared again');
    up = true;
  });
  redis.on('error', (error: Error) => away(error));
  redis.on('close', () => away());

  const settled = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done).off('close', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS * 2);
    redis.once('ready', done).once('error', done).once('close', done);
  });

  return {
    redis,
    isUp: () => up === true && redis.status === 'ready',
    failed: (error) => {
      away(error);
      // A connection that times out or answers errors is not trusted again: a fresh one must become ready.
      if (!closing && redis.status === 'ready') redis.disconnect(true);
    },
    settled,
    close: () => {
      closing = true;
      redis.disconnect();
    },
  };
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Counts in Redis while it answers and in this instance's memory while it does not, so that an outage turns
 * shared limits into per-instance ones instead of failing every request (`skipOnError` would drop the
 * limits altogether, sign-in's included). Counts made in memory meanwhile are not carried over: Redis's own
 * counters, a minute long, take over again as soon as it is back.
 */
class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly link: RedisLink,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.link.isUp()) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.link.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.link);
  }
}

/** The `store` option of @fastify/rate-limit: Redis under `nameSpace`, the plugin's memory store meanwhile. */
export function failoverStore(link: RedisLink, nameSpace: string) {
  return class extends FailoverStore {
    /** The plugin hands its store the options it was registered with, settled (typed as an empty object). */
    constructor(options: RateLimitPluginOptions) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, link.redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
        link,
      );
    }
  };
}
