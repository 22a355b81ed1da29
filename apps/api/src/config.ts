import { existsSync, mkdirSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_BUSINESS_CONTACT, DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import {
  DEFAULT_CANCELLATION_CUTOFF_HOURS,
  DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS,
  DEFAULT_MAX_UNPAID_DAY_PERCENT,
  DEFAULT_PAYMENT_HOLD_MINUTES,
  DEFAULT_REMINDER_HOURS_BEFORE,
  DEFAULT_UNOPENED_HOLD_MINUTES,
} from '@carcare/contracts/bookings-constants';
import { DEFAULT_LOCALE } from '@carcare/contracts/display-format';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Europe/Berlin');

const locale = z.string().refine((tag) => {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}, 'must be a language tag such as en-US or en-GB');

/** Names that proxy-addr understands for whole address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** More proxies than any real chain in front of a shop has; a larger count trusts every hop a client writes. */
const MAX_TRUSTED_PROXY_HOPS = 10;

/** An address or an address/prefix range, as TRUST_PROXY names a proxy; undefined for anything else. */
const parseProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (prefix === undefined) return { address, prefix: bits, family: family === 4 ? 'ipv4' : 'ipv6' } as const;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
  return { address, prefix: Number(prefix), family: family === 4 ? 'ipv4' : 'ipv6' } as const;
};

/**
 * Whether a range holds every IPv4 or every IPv6 address: `0.0.0.0/0`, `::/0`, and IPv6 ranges that hold
 * every IPv4-mapped address (`::/80`, `::ffff:0:0/96`), which proxy-addr matches IPv4 clients against.
 */
const coversEveryone = (range: { address: string; prefix: number; family: 'ipv4' | 'ipv6' }) => {
  const list = new BlockList();
  list.addSubnet(range.address, range.prefix, range.family);
  return (
    (list.check('0.0.0.0', 'ipv4') && list.check('255.255.255.255', 'ipv4')) ||
    (list.check('::', 'ipv6') && list.check('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ipv6'))
  );
};

/**
 * Which hops may tell the client's address in X-Forwarded-For: none (unset, `false` or `0`), a number of
 * proxies in front of the server, or the proxies' own addresses and ranges. Never "everyone": a client
 * would then choose its own address and walk around every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      if (Number(value) <= MAX_TRUSTED_PROXY_HOPS) return Number(value);
      context.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_TRUSTED_PROXY_HOPS} proxies (not ${value}): a larger count trusts every hop, so a client could choose its own address`,
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !parseProxyAddress(entry));
    if (bad.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a number of proxies or a comma-separated list of their addresses (not ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    const everyone = entries.filter((entry) => {
      const range = parseProxyAddress(entry);
      return range !== undefined && coversEveryone(range);
    });
    if (everyone.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `cannot trust everyone (${everyone.join(', ')} covers every address): a client could choose its own address; name the proxies' own addresses or ranges`,
      });
      return z.NEVER;
    }
    return entries;
  });

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

/** Where images are kept instead of the database: an S3-compatible bucket, by its endpoint. */
export type ObjectStorageConfig = {
  /** The service's origin, such as https://s3.eu-west-1.amazonaws.com or http://minio.internal:9000. */
  endpoint: string;
  bucket: string;
  /** Prepended to every key, so that one bucket can serve several shops; empty or ending in `/`. */
  prefix: string;
  region: string;
  /** From the URL's user and password; unset, the SDK's own chain (AWS_ACCESS_KEY_ID, a role...) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const S3_URL_SHAPE = 'must look like https://ACCESS_KEY:SECRET_KEY@host/bucket, optionally /prefix and ?region=';

/**
 * S3_URL: `http(s)://[ACCESS_KEY:SECRET_KEY@]host[:port]/bucket[/prefix][?region=us-east-1]`. The bucket is
 * addressed by path, which every S3-compatible service understands.
 */
const s3Url = z
  .string()
  .trim()
  .optional()
  .transform((value, context): ObjectStorageConfig | undefined => {
    if (!value) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: S3_URL_SHAPE });
      return z.NEVER;
    }
    const [bucket = '', ...prefix] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bucketName.test(bucket)) {
      context.addIssue({ code: 'custom', message: S3_URL_SHAPE });
      return z.NEVER;
    }
    if (Boolean(url.username) !== Boolean(url.password)) {
      context.addIssue({ code: 'custom', message: 'must hold both the access key and the secret key, or neither' });
      return z.NEVER;
    }
    return {
      endpoint: url.origin,
      bucket,
      prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
      region: url.searchParams.get('region') || 'us-east-1',
      credentials: url.username
        ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
        : undefined,
    };
  });

/** A longer window would let a stolen, already rotated refresh token be used long after its owner moved on. */
const MAX_REFRESH_REUSE_GRACE_SECONDS = 300;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** Where `npm run backup` writes its archives. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BUSINESS_NAME: z.string().min(1).default('CarCare'),
  BUSINESS_TIMEZONE: timeZone.default('UTC'),
  BUSINESS_LOCALE: locale.default(DEFAULT_LOCALE),
  BUSINESS_ADDRESS: z.string().trim().min(1).max(300).default(DEFAULT_BUSINESS_CONTACT.address),
  BUSINESS_PHONE: z.string().trim().min(1).max(30).default(DEFAULT_BUSINESS_CONTACT.phone),
  BUSINESS_EMAIL: z.email().default(DEFAULT_BUSINESS_CONTACT.email),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
    .default(DEFAULT_CURRENCY),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Defaults to true, except in production, where demo data is only seeded when asked for. */
  SEED_DEMO_DATA: booleanText.optional(),
  /** Unset: one generated by the first instance to start, kept in the database for every instance. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Defaults to sandbox, except in production, where it must be chosen. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_PAYMENT_HOLD_MINUTES),
  /** How often unpaid bookings past their hold are released; 0 turns the sweeper off. */
  HOLD_SWEEP_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** How long a booking holds its time until its checkout page is opened; at most PAYMENT_HOLD_MINUTES. */
  UNOPENED_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_UNOPENED_HOLD_MINUTES),
  MAX_PENDING_HOLDS: z.coerce.number().int().min(1).max(100).default(2),
  MAX_PENDING_HOLDS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS),
  /** 100 lets unpaid holds cover a whole day. */
  MAX_UNPAID_DAY_PERCENT: z.coerce
    .number()
    .int('must be a whole percentage')
    .min(1)
    .max(100)
    .default(DEFAULT_MAX_UNPAID_DAY_PERCENT),
  CANCELLATION_CUTOFF_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(0)
    .max(24 * 30)
    .default(DEFAULT_CANCELLATION_CUTOFF_HOURS),
  REMINDER_HOURS_BEFORE: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(1)
    .max(24 * 14)
    .default(DEFAULT_REMINDER_HOURS_BEFORE),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Unset: images are kept in the database. */
  S3_URL: s3Url,
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  PUBLIC_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(32),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  PROFILE_IMAGE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(20),
  /** Other origins whose pages may call the API with the visitor's credentials (an older client on its own site). */
  CORS_ORIGINS: originList,
  /** Origins of CORS_ORIGINS whose sign-ins get refresh tokens that are not replaced at each refresh (decision 015). */
  NON_ROTATING_REFRESH_ORIGINS: originList,
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 (off) or more seconds')
    .max(MAX_REFRESH_REUSE_GRACE_SECONDS, `must be at most ${MAX_REFRESH_REUSE_GRACE_SECONDS} seconds`)
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  WEB_RENDER_ENTRY: z.string().optional(),
  /** Set by npm to the directory the command was typed in; relative paths are read from there. */
  INIT_CWD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig;
  }
}

/** Where the Stripe SDK sends its calls. */
export type StripeConnection = { host: string; port: number; protocol: 'http' | 'https' };

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given. Without it (never in production), development answers with the address the
   * browser used when that is one of the server's own, so that a visitor of 127.0.0.1 comes back to 127.0.0.1.
   */
  publicUrlConfigured: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where `npm run backup` writes its archives. */
  backupDir: string;
  /** The directory the command was typed in: relative paths given on the command line are read from here. */
  invocationDir: string;
  business: {
    name: string;
    timeZone: string;
    /** How dates read on every screen, in emails and calendar files (a BCP 47 tag such as en-US). */
    locale: string;
    currency: string;
    /** How customers reach the shop: shown in refusals past the cut-off, emails and calendar events. */
    contact: { address: string; phone: string; email: string };
  };
  /** What customers may do after booking, and when they are reminded. */
  lifecycle: {
    /** Up to this many hours before the start a customer may cancel (refunded in full) or reschedule. */
    cancellationCutoffHours: number;
    reminderHoursBefore: number;
    /** How often the reminder job runs; 0 turns it off (tests run it themselves). */
    reminderIntervalMs: number;
  };
  admin: { email: string | undefined; password: string | undefined };
  seedDemoData: boolean;
  /** JWT_SECRET; undefined when not configured, for `resolveSecrets` to take from the database. */
  jwtSecret: string | undefined;
  payment: {
    provider: 'sandbox' | 'stripe';
    holdMinutes: number;
    /** How long a booking holds its time until its checkout page is opened (then `holdMinutes` from its making). */
    unopenedHoldMinutes: number;
    /** How many unpaid bookings one customer may hold at once. */
    maxPendingHolds: number;
    /** How many unpaid bookings may come from one client address at once, whichever accounts made them. */
    maxPendingHoldsPerAddress: number;
    /** While unpaid holds cover this percentage of a day's bay time, no new one is taken that day; 100: no cap. */
    maxUnpaidDayPercent: number;
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Where the Stripe SDK sends its calls; only tests point it at a local fake. */
    stripeConnection?: StripeConnection;
    /** How often the expiry sweeper runs; 0 turns it off. */
    sweepIntervalMs: number;
  };
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  /** S3_URL: images go to this bucket instead of the database; undefined keeps them in the database. */
  objectStorage: ObjectStorageConfig | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Built web app to serve; none in tests that only call the API. */
  webDistDir: string | undefined;
  /** The web app's server build, which renders public pages (decision 022); none serves them as the client app. */
  webRenderEntry: string | undefined;
  rateLimit: { global: number; auth: number };
  /**
   * Page renders (and sitemap reads) a minute per address; what the cache or a render under way answers is not
   * counted.
   */
  pageRateLimit: number;
  /** How many times one user may change their profile image in any hour, counted in the database. */
  profileImageUploadsPerHour: number;
  /** How long a cached public answer may live; writes in this process invalidate it sooner. 0 turns caching off. */
  publicCacheMs: number;
  /** The most bytes of answers the public read cache keeps. */
  publicCacheMaxBytes: number;
  /** Which proxies may tell the client's address (Fastify's trustProxy): none, a hop count or their addresses. */
  trustProxy: false | number | string[];
  /**
   * How long an instance trusts what it last read about a session: a logout or password change made on
   * another instance is honoured here within this time (at once on the instance that made it).
   */
  sessionCheckMs: number;
  /** Origins other than our own whose pages may call `/api` with credentials; empty allows none. */
  corsOrigins: string[];
  /**
   * Origins of `corsOrigins` whose client keeps the refresh token it got at sign-in: sessions begun from one
   * refresh without replacing their token (decision 015). Empty: every session rotates.
   */
  nonRotatingRefreshOrigins: string[];
  /**
   * How long a rotated refresh token presented again still gets its successor instead of ending the
   * session: two tabs or two requests refreshing at once. 0 turns it off.
   */
  refreshReuseGraceMs: number;
  /**
   * How long a client has to send a request's headers, and then its body: one trickling either holds a
   * socket and a file descriptor no longer than this (answered 408). Not an env setting: only tests change it.
   */
  requestTimeoutMs: number;
};

/** The configuration the app runs with: every secret known, whether configured or kept in the database. */
export type ResolvedConfig = Config & { jwtSecret: string };

const SESSION_CHECK_MS = 10_000;

/** Enough for a 1 MB upload at 35 KB/s, a slow mobile link; a slower client is holding the socket on purpose. */
const REQUEST_TIMEOUT_MS = 30_000;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** The only reader of process.env: validates everything at once and names every bad key. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const missingInProduction = [
    env.PAYMENT_PROVIDER === undefined &&
      '  PAYMENT_PROVIDER: required in production: stripe, or sandbox for a test deployment that takes no money',
    env.PUBLIC_URL === undefined &&
      "  PUBLIC_URL: required in production: the shop's own address (https://shop.example.com), which payment return links, emails and the sitemap name",
  ].filter((line) => line !== false);
  if (production && missingInProduction.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missingInProduction.join('\n')}`);
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe',
    );
  }
  if (env.UNOPENED_HOLD_MINUTES > env.PAYMENT_HOLD_MINUTES) {
    throw new ConfigError(
      `Invalid configuration:\n  UNOPENED_HOLD_MINUTES: must be at most PAYMENT_HOLD_MINUTES (${env.PAYMENT_HOLD_MINUTES}): opening the checkout only ever extends a hold`,
    );
  }
  const unlisted = env.NON_ROTATING_REFRESH_ORIGINS.filter((origin) => !env.CORS_ORIGINS.includes(origin));
  if (unlisted.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  NON_ROTATING_REFRESH_ORIGINS: ${unlisted.join(', ')} must also be in CORS_ORIGINS: only a listed origin's pages can call the API`,
    );
  }
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  // Only the server's account may read it: it holds the embedded database, the outbox and the secrets (decision 026).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const webDistDir = env.WEB_DIST_DIR ? path.resolve(baseDir, env.WEB_DIST_DIR) : defaultWebDist;
  // The server build sits beside the browser's: apps/web/dist-ssr next to apps/web/dist.
  const webRenderEntry = env.WEB_RENDER_ENTRY
    ? path.resolve(baseDir, env.WEB_RENDER_ENTRY)
    : path.join(path.dirname(webDistDir), 'dist-ssr', 'entry-server.js');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    backupDir: path.resolve(baseDir, env.BACKUP_DIR),
    invocationDir: baseDir,
    business: {
      name: env.BUSINESS_NAME,
      timeZone: env.BUSINESS_TIMEZONE,
      locale: env.BUSINESS_LOCALE,
      currency: env.CURRENCY,
      contact: { address: env.BUSINESS_ADDRESS, phone: env.BUSINESS_PHONE, email: env.BUSINESS_EMAIL },
    },
    lifecycle: {
      cancellationCutoffHours: env.CANCELLATION_CUTOFF_HOURS,
      reminderHoursBefore: env.REMINDER_HOURS_BEFORE,
      reminderIntervalMs: 60_000,
    },
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    seedDemoData: env.SEED_DEMO_DATA ?? !production,
    jwtSecret: env.JWT_SECRET,
    payment: {
      provider: env.PAYMENT_PROVIDER ?? 'sandbox',
      holdMinutes: env.PAYMENT_HOLD_MINUTES,
      unopenedHoldMinutes: env.UNOPENED_HOLD_MINUTES,
      maxPendingHolds: env.MAX_PENDING_HOLDS,
      maxPendingHoldsPerAddress: env.MAX_PENDING_HOLDS_PER_ADDRESS,
      maxUnpaidDayPercent: env.MAX_UNPAID_DAY_PERCENT,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      sweepIntervalMs: env.HOLD_SWEEP_SECONDS * 1000,
    },
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    objectStorage: env.S3_URL,
    logLevel: env.LOG_LEVEL,
    webDistDir: existsSync(webDistDir) ? webDistDir : undefined,
    webRenderEntry: existsSync(webRenderEntry) ? webRenderEntry : undefined,
    rateLimit: { global: env.RATE_LIMIT_PER_MINUTE, auth: env.AUTH_RATE_LIMIT_PER_MINUTE },
    pageRateLimit: env.PAGE_RATE_LIMIT_PER_MINUTE,
    profileImageUploadsPerHour: env.PROFILE_IMAGE_UPLOADS_PER_HOUR,
    publicCacheMs: env.PUBLIC_CACHE_SECONDS * 1000,
    publicCacheMaxBytes: env.PUBLIC_CACHE_MAX_MB * 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    sessionCheckMs: SESSION_CHECK_MS,
    corsOrigins: env.CORS_ORIGINS,
    nonRotatingRefreshOrigins: env.NON_ROTATING_REFRESH_ORIGINS,
    refreshReuseGraceMs: env.REFRESH_REUSE_GRACE_SECONDS * 1000,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  };
}
