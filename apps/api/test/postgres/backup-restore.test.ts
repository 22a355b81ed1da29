import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnFirstStart } from '../../src/app/first-start-seed';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { images } from '../../src/db/schema';
import { createS3Storage, type ObjectStorage } from '../../src/lib/object-storage';
import { createBackup } from '../../src/ops/create-backup';
import { restoreBackup } from '../../src/ops/restore-backup';
import { type FakeS3, startFakeS3 } from '../fake-s3';
import { createPostgresDatabase } from '../helper';
import { imageOf, readShop, type ShopContents, shopContents } from '../shop-contents';

describe('backing up and restoring PostgreSQL', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carcare-pg-backup-test-'));
  const dataDir = path.join(root, 'data');
  let source: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let original: ShopContents;
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
    expect(await seedOnFirstStart(database.db, config)).toBeDefined();
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
    expect(await readShop({ kind: 'postgres', url: target.url })).toEqual(original);
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
    expect(await readShop({ kind: 'postgres', url: source.url })).toEqual(original);
  });

  it('refuses to restore a PostgreSQL backup into an embedded database', async () => {
    await expect(
      restoreBackup({ file, database: { kind: 'pglite' }, dataDir: path.join(root, 'embedded') }),
    ).rejects.toThrow('holds a PostgreSQL database (DATABASE_URL); it can only be restored into a PostgreSQL database');
  });
});

describe('backing up and restoring PostgreSQL whose images are kept in S3-compatible storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carcare-pg-backup-s3-test-'));
  const dataDir = path.join(root, 'data');
  const inRow = imageOf('picture kept in its row', 'image/png');
  const inBucket = imageOf('picture kept in the bucket');
  const databases: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
  let s3: FakeS3;
  let storage: (bucket: string) => Promise<ObjectStorage>;
  let source: string;
  let file: string;

  const storedImages = async (url: string) => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const rows = await database.db.select().from(images).orderBy(images.hash);
      return rows.map(({ hash, contentType, bytes, size }) => ({ hash, contentType, bytes, size }));
    } finally {
      await database.close();
    }
  };
  const newDatabase = async () => {
    const database = await createPostgresDatabase();
    databases.push(database);
    return database.url;
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ buckets: ['shop', 'restored'] });
    storage = (bucket) => {
      const { objectStorage } = loadConfig({ NODE_ENV: 'test', S3_URL: s3.url(bucket, 'images') });
      if (!objectStorage) throw new Error('S3_URL was not read');
      return createS3Storage(objectStorage);
    };
    source = await newDatabase();
    const database = await openDatabase({ kind: 'postgres', url: source, poolSize: 1 });
    await database.migrate();
    await database.db.insert(images).values([
      { ...inRow, size: inRow.bytes.length },
      { ...inBucket, bytes: null, size: inBucket.bytes.length },
    ]);
    await database.close();
    await (await storage('shop')).put(`${inBucket.hash}.webp`, inBucket.bytes, inBucket.contentType);
    ({ file } = await createBackup({
      database: { kind: 'postgres', url: source },
      dataDir,
      backupDir: root,
      objectStorage: await storage('shop'),
    }));
  }, 120_000);
  afterAll(async () => {
    for (const database of databases) await database.drop();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("restores the bucket's images into another bucket, and the rows as they were", async () => {
    const target = await newDatabase();
    const manifest = await restoreBackup({
      file,
      database: { kind: 'postgres', url: target },
      dataDir,
      objectStorage: await storage('restored'),
    });
    expect(manifest).toMatchObject({ storedImages: 1, storedImagesMissing: 0 });
    expect(await storedImages(target)).toEqual(await storedImages(source));
    const restored = s3.objects('restored').get(`images/${inBucket.hash}.webp`);
    expect(restored).toEqual({ bytes: inBucket.bytes, contentType: 'image/webp' });
  });

  it("puts the bucket's images back into their rows when the restored server has no S3_URL", async () => {
    const target = await newDatabase();
    await restoreBackup({ file, database: { kind: 'postgres', url: target }, dataDir: path.join(root, 'no-s3') });
    expect(await storedImages(target)).toEqual(
      [
        { ...inRow, size: inRow.bytes.length },
        { ...inBucket, size: inBucket.bytes.length },
      ].sort((a, b) => a.hash.localeCompare(b.hash)),
    );
  });

  it('refuses to back up images kept in a bucket it was not given, and counts those the bucket lost', async () => {
    await expect(
      createBackup({ database: { kind: 'postgres', url: source }, dataDir, backupDir: root }),
    ).rejects.toThrow(
      '1 images are kept in the image storage of S3_URL, which is not set: set S3_URL as the server has it.',
    );
    s3.objects('shop').delete(`images/${inBucket.hash}.webp`);
    const { manifest } = await createBackup({
      database: { kind: 'postgres', url: source },
      dataDir,
      backupDir: root,
      objectStorage: await storage('shop'),
    });
    expect(manifest).toMatchObject({ storedImages: 0, storedImagesMissing: 1 });
  });
});
