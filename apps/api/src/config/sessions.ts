import { z } from 'zod';
import { concern } from './concern';

/** Origin of a URL as a browser sends it in `Origin`: scheme, host and port, nothing else. */
const isOrigin = (entry: string) => {
  try {
    const url = new URL(entry);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry;
  } catch {
    return false;
  }
};

/**
 * A comma-separated list of named origins (as a browser sends them in `Origin`), read into a list without
 * repeats. `*` is refused: the API answers with credentials, and a path or a trailing slash would never equal
 * the `Origin` a browser sends.
 */
const originList = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.includes('*')) {
      context.addIssue({
        code: 'custom',
        message: 'cannot be *: the API answers with credentials, so every allowed origin must be named',
      });
      return z.NEVER;
    }
    const bad = entries.filter((entry) => !isOrigin(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be comma-separated origins such as https://old.example.com, with no path (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(entries)];
  });

/** A longer window would let a stolen, already rotated refresh token be used long after its owner moved on. */
const MAX_REFRESH_REUSE_GRACE_SECONDS = 300;

/** How long an instance trusts what it last read about a session. */
const SESSION_CHECK_MS = 10_000;

/** Signing in: the signing secret, which other sites' pages may sign in, and how refresh tokens rotate. */
export const sessions = concern({
  title: 'Sign-in and sessions',
  settings: z.object({
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional().meta({
      description:
        'signs access tokens (at least 32 characters); unset, the first instance to start stores a random one in the `app_secrets` table and every instance on that database uses it',
      whenUnset: 'generated into the database',
    }),
    CORS_ORIGINS: originList.meta({
      description:
        "other origins whose pages may call `/api` with the visitor's credentials (an older client on its own site), comma-separated: `https://old.example.com, http://localhost:5173`; each a scheme, host and port, `*` refused",
      whenUnset: 'unset: none',
    }),
    NON_ROTATING_REFRESH_ORIGINS: originList.meta({
      description:
        'origins of `CORS_ORIGINS` whose sign-ins keep one refresh token for its 30 days instead of a new one at each refresh (an older client that keeps the one it got at sign-in); logout, password change and reset still end it (decision 015)',
      whenUnset: 'unset: none',
    }),
    REFRESH_REUSE_GRACE_SECONDS: z.coerce
      .number()
      .int()
      .min(0, 'must be 0 (off) or more seconds')
      .max(MAX_REFRESH_REUSE_GRACE_SECONDS, `must be at most ${MAX_REFRESH_REUSE_GRACE_SECONDS} seconds`)
      .default(30)
      .describe(
        `how long a refresh token already exchanged still gets the same successor (two tabs or requests refreshing at once) before its reuse ends the session; \`0\` turns it off, at most \`${MAX_REFRESH_REUSE_GRACE_SECONDS}\``,
      ),
  }),
  refuse: (env) => {
    const unlisted = env.NON_ROTATING_REFRESH_ORIGINS.filter((origin) => !env.CORS_ORIGINS.includes(origin));
    return unlisted.length > 0
      ? [
          {
            key: 'NON_ROTATING_REFRESH_ORIGINS',
            message: `${unlisted.join(', ')} must also be in CORS_ORIGINS: only a listed origin's pages can call the API`,
          },
        ]
      : [];
  },
  read: (env) => ({
    /** JWT_SECRET; undefined when not configured, for `resolveSecrets` to take from the database. */
    jwtSecret: env.JWT_SECRET,
    /** Origins other than our own whose pages may call `/api` with credentials; empty allows none. */
    corsOrigins: env.CORS_ORIGINS,
    /**
     * Origins of `corsOrigins` whose client keeps the refresh token it got at sign-in: sessions begun from one
     * refresh without replacing their token (decision 015). Empty: every session rotates.
     */
    nonRotatingRefreshOrigins: env.NON_ROTATING_REFRESH_ORIGINS,
    /**
     * How long a rotated refresh token presented again still gets its successor instead of ending the
     * session: two tabs or two requests refreshing at once. 0 turns it off.
     */
    refreshReuseGraceMs: env.REFRESH_REUSE_GRACE_SECONDS * 1000,
    /**
     * How long an instance trusts what it last read about a session: a logout or password change made on
     * another instance is honoured here within this time (at once on the instance that made it).
     */
    sessionCheckMs: SESSION_CHECK_MS,
  }),
});
