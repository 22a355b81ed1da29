import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { appSecrets } from '../db/schema';
import { buildApp } from './app';
import { resolveSecrets } from './resolve-secrets';

const OLD_SECRET = 'the-secret-an-earlier-version-kept-in-data-dir-secrets';

let dataDir: string;
let database: DatabaseHandle | undefined;

const openEmbedded = async () => {
  database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  return database;
};

afterEach(async () => {
  await database?.close();
  database = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('secrets kept in the embedded database', () => {
  it('an install upgraded with an old secret file keeps signing with that secret, then keeps it in the database', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-secrets-'));
    mkdirSync(path.join(dataDir, 'secrets'));
    writeFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), `${OLD_SECRET}\n`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    const first = await openEmbedded();
    const app = await buildApp({ config, database: first, logger: false });
    expect(app.config.jwtSecret).toBe(OLD_SECRET);
    await app.close();
    expect(await first.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets)).toEqual([
      { name: 'jwt-secret', value: OLD_SECRET },
    ]);
    await first.close();

    // The row now rules: the file is no longer read.
    writeFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'a-file-edited-after-the-upgrade-is-ignored');
    const second = await openEmbedded();
    expect((await resolveSecrets(config, second.db)).jwtSecret).toBe(OLD_SECRET);
  });

  it('generates an unset secret once and stores nothing for a configured one', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-secrets-'));
    const { db } = await openEmbedded();

    const configured = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'c'.repeat(40) });
    expect((await resolveSecrets(configured, db)).jwtSecret).toBe('c'.repeat(40));
    expect(await db.select().from(appSecrets)).toEqual([]);

    const unset = loadConfig({ DATA_DIR: dataDir });
    const generated = (await resolveSecrets(unset, db)).jwtSecret;
    expect(generated).toMatch(/^[\w-]{64}$/);
    expect((await resolveSecrets(unset, db)).jwtSecret).toBe(generated);
    expect(await db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets)).toEqual([
      { name: 'jwt-secret', value: generated },
    ]);
  });
});
