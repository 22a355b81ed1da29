// The stores @fastify/rate-limit builds in, which it ships without declarations of their own.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (
    continueExceeding?: boolean,
    exponentialBackoff?: boolean,
    cache?: number,
  ) => FastifyRateLimitStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const RedisStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: Redis,
    key?: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
