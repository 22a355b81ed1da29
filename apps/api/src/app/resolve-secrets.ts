import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config, ResolvedConfig } from '../config';
import { sharedSecret } from '../db/app-secrets';
import type { Database } from '../db/client';

/**
 * What the first start stores: the value an install from before `app_secrets` kept in DATA_DIR/secrets (so
 * that its sessions stay valid), or else a new random one.
 */
const firstValue = (dataDir: string, name: string) => () => {
  const file = path.join(dataDir, 'secrets', name);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return kept || randomBytes(48).toString('base64url');
};

/** Fills in the secrets the configuration leaves unset from the database; a configured one is never stored. */
export async function resolveSecrets(config: Config, db: Database): Promise<ResolvedConfig> {
  const jwtSecret =
    config.jwtSecret ?? (await sharedSecret(db, 'jwt-secret', firstValue(config.dataDir, 'jwt-secret')));
  return { ...config, jwtSecret };
}
