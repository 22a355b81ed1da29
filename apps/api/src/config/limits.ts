import { z } from 'zod';
import { concern } from './concern';

/** How much one address or one user may ask for, and where instances share their counts (decision 011). */
export const limits = concern({
  title: 'Limits',
  settings: z.object({
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(600)
      .describe('requests a minute per address to the API'),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe('requests a minute per address to sign-in, registration and password reset'),
    PAGE_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(300)
      .describe(
        'page renders a minute per address, and sitemap reads the cache cannot answer; a request the cache answers, or one waiting for a render under way, is not counted',
      ),
    PROFILE_IMAGE_UPLOADS_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(20)
      .describe(
        'how many times one user may change their profile image in any hour, counted in the database across instances; the next upload answers 429',
      ),
    REDIS_URL: z
      .string()
      .optional()
      .describe(
        'shared rate-limit store for several API instances; while it does not answer, each instance counts its own limits and answers as usual (one warning logged, `/api/health` says `degraded`), sharing them again once it is back',
      ),
  }),
  read: (env) => ({
    rateLimit: { global: env.RATE_LIMIT_PER_MINUTE, auth: env.AUTH_RATE_LIMIT_PER_MINUTE },
    /**
     * Page renders (and sitemap reads) a minute per address; what the cache or a render under way answers is not
     * counted.
     */
    pageRateLimit: env.PAGE_RATE_LIMIT_PER_MINUTE,
    /** How many times one user may change their profile image in any hour, counted in the database. */
    profileImageUploadsPerHour: env.PROFILE_IMAGE_UPLOADS_PER_HOUR,
    redisUrl: env.REDIS_URL,
  }),
});
