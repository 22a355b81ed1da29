import { z } from 'zod';
import { cache } from './cache';
import type { Surroundings } from './concern';
import { firstStart } from './first-start';
import { limits } from './limits';
import { mail } from './mail';
import { payments } from './payments';
import { runtime } from './runtime';
import { server } from './server';
import { sessions } from './sessions';
import { shop } from './shop';
import { storage } from './storage';
import { texts } from './texts';
import { waitlist } from './waitlist';

export type { StripeConnection } from './payments';
export type { ObjectStorageConfig } from './storage';
export type { TextsConfig, TwilioAccount } from './texts';

/** Every concern's settings, in the order the README's tables list them. */
export const concerns = [
  server,
  storage,
  shop,
  firstStart,
  payments,
  waitlist,
  sessions,
  mail,
  texts,
  limits,
  cache,
  runtime,
] as const;

/** Every environment variable the app reads, each from the concern it belongs to. */
const envSchema = z.object({
  ...server.settings.shape,
  ...storage.settings.shape,
  ...shop.settings.shape,
  ...firstStart.settings.shape,
  ...payments.settings.shape,
  ...waitlist.settings.shape,
  ...sessions.settings.shape,
  ...mail.settings.shape,
  ...texts.settings.shape,
  ...limits.settings.shape,
  ...cache.settings.shape,
  ...runtime.settings.shape,
});

/**
 * The environment read into the configuration: each variable checked by its own schema, then the rules
 * between them (every refusal named at once), then each concern's part of the configuration.
 */
export const configSchema = envSchema.transform((env, context) => {
  const surroundings: Surroundings = {
    production: env.NODE_ENV === 'production',
    baseDir: env.INIT_CWD ?? process.cwd(),
  };
  const refusals = concerns.flatMap((concern) => concern.refuse?.(env, surroundings) ?? []);
  for (const refusal of refusals) context.addIssue({ code: 'custom', path: [refusal.key], message: refusal.message });
  if (refusals.length > 0) return z.NEVER;
  return {
    ...runtime.read(env, surroundings),
    ...server.read(env, surroundings),
    ...storage.read(env, surroundings),
    ...shop.read(env, surroundings),
    ...firstStart.read(env, surroundings),
    ...payments.read(env, surroundings),
    ...waitlist.read(env, surroundings),
    ...sessions.read(env, surroundings),
    ...mail.read(env, surroundings),
    ...texts.read(env, surroundings),
    ...limits.read(env, surroundings),
    ...cache.read(env, surroundings),
  };
});

/** The configuration as read from the environment; the JWT secret may still be left to the database. */
export type Config = z.output<typeof configSchema>;

/** The configuration the app runs with: every secret known, whether configured or kept in the database. */
export type ResolvedConfig = Config & { jwtSecret: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig;
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The only reader of process.env: validates everything at once and names every bad key. It only reads:
 * the server's start creates the data directory, a backup its own.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
