import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnFirstStart } from '../../src/app/first-start-seed';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { bays, bookings, payments, reviews, services, slots, users } from '../../src/db/schema';
import { createBackup } from '../../src/ops/create-backup';
import { restoreBackup } from '../../src/ops/restore-backup';
import { createPostgresDatabase } from '../helper';

async function shopContents(db: Database) {
  const contents: Record<string, string[]> = {};
  for (const [name, table] of Object.entries({ users, services, bays, slots, bookings, payments, reviews })) {
    contents[name] = (await db.select().from(table)).map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

async function readShop(url: string) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return await shopContents(database.db);
  } finally {
    await database.close();
  }
}

describe('backing up and restoring PostgreSQL', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carcare-pg-backup-test-'));
  const dataDir = path.join(root, 'data');
  let source: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let original: Awaited<ReturnType<typeof shopContents>>;
  let file: string;

  beforeAll(async () => {
    source = await createPostgresDatabase();
    target = await createPostgresDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      JWT_SECRET: 'x'.repeat(64),
    });
    const database = await openDatabase({ kind: 'postgres', url: source.url, poolSize: 2 });
    await database.migrate();
    expect(await seedOnFirstStart(database.db, config, pino({ level: 'silent' }))).toBe(true);
    original = await shopContents(database.db);
    await database.close();
    ({ file } = await createBackup({ database: { kind: 'postgres', url: source.url }, dataDir, backupDir: root }));
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores every row into a new, empty database that then has nothing left to migrate', async () => {
    const manifest = await restoreBackup({ file, database: { kind: 'postgres', url: target.url }, dataDir });

    expect(manifest.kind).toBe('postgres');
    expect(manifest.migrations).toBeGreaterThan(0);
    expect(original.bookings?.length).toBeGreaterThan(0);
    expect(await readShop(target.url)).toEqual(original);
    const database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });

  it('refuses a database that already has tables and leaves it as it was', async () => {
    await expect(restoreBackup({ file, database: { kind: 'postgres', url: source.url }, dataDir })).rejects.toThrow(
      'The database at DATABASE_URL is not empty (',
    );
    expect(await readShop(source.url)).toEqual(original);
  });

  it('refuses to restore a PostgreSQL backup into an embedded database', async () => {
    await expect(
      restoreBackup({ file, database: { kind: 'pglite' }, dataDir: path.join(root, 'embedded') }),
    ).rejects.toThrow('holds a PostgreSQL database (DATABASE_URL); it can only be restored into a PostgreSQL database');
  });
});
