import { z } from 'zod';
import { concern } from './concern';

/** The in-memory cache of public answers (decision 010). */
export const cache = concern({
  title: 'Public cache',
  settings: z.object({
    PUBLIC_CACHE_SECONDS: z.coerce
      .number()
      .min(0)
      .max(3600)
      .default(5)
      .describe('how long public answers are cached in memory (`0` turns it off)'),
    PUBLIC_CACHE_MAX_MB: z.coerce
      .number()
      .min(1)
      .max(4096)
      .default(32)
      .describe('the most memory cached public answers take, in megabytes'),
  }),
  read: (env) => ({
    /** How long a cached public answer may live; writes in this process invalidate it sooner. 0 turns caching off. */
    publicCacheMs: env.PUBLIC_CACHE_SECONDS * 1000,
    /** The most bytes of answers the public read cache keeps. */
    publicCacheMaxBytes: env.PUBLIC_CACHE_MAX_MB * 1024 * 1024,
  }),
});
