import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnFirstStart } from '../../src/app/first-start-seed';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { images } from '../../src/db/schema';
import { createS3Storage, type ObjectStorage } from '../../src/lib/object-storage';
import { uploadsDir } from '../../src/lib/uploads';
import { createBackup } from '../../src/ops/create-backup';
import { DATA_DIR_LOCK_FILE, lockDataDir } from '../../src/ops/data-dir-lock';
import { restoreBackup } from '../../src/ops/restore-backup';
import { type FakeS3, startFakeS3 } from '../fake-s3';
import { imageOf, readShop, type ShopContents, shopContents } from '../shop-contents';

const IMAGE = 'avatars/customer.webp';
const imageBytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 31) % 256));
/** An image kept in its row, and one kept in S3-compatible storage (S3_URL) with only its row here. */
const inRow = imageOf('kept in the row');
const inBucket = imageOf('kept in the bucket');

describe('backing up and restoring the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carcare-backup-test-'));
  const source = path.join(root, 'source');
  const target = path.join(root, 'target');
  const backupDir = path.join(root, 'backups');
  let original: ShopContents;
  /** The same rows once restored without S3_URL: the image the bucket kept is back in its row. */
  let restoredShop: ShopContents;
  let file: string;
  let s3: FakeS3;
  let storage: ObjectStorage;

  beforeAll(async () => {
    s3 = await startFakeS3({ buckets: ['shop'] });
    const { objectStorage } = loadConfig({ NODE_ENV: 'test', S3_URL: s3.url('shop') });
    if (!objectStorage) throw new Error('S3_URL was not read');
    storage = await createS3Storage(objectStorage);
    await storage.put(`${inBucket.hash}.webp`, inBucket.bytes, inBucket.contentType);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: source,
      SEED_DEMO_DATA: 'true',
      JWT_SECRET: 'x'.repeat(64),
    });
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    await database.migrate();
    expect(await seedOnFirstStart(database.db, config)).toBeDefined();
    await database.db.insert(images).values([
      { ...inRow, size: inRow.bytes.length },
      { ...inBucket, bytes: null, size: inBucket.bytes.length },
    ]);
    original = await shopContents(database.db);
    restoredShop = {
      ...original,
      images: (original.images ?? []).map((row) => {
        const image = JSON.parse(row);
        return image.hash === inBucket.hash ? JSON.stringify({ ...image, bytes: inBucket.bytes }) : row;
      }),
    };
    await database.close();
    mkdirSync(path.join(uploadsDir(source), path.dirname(IMAGE)), { recursive: true });
    writeFileSync(path.join(uploadsDir(source), IMAGE), imageBytes);

    ({ file } = await createBackup({
      database: { kind: 'pglite' },
      dataDir: source,
      backupDir,
      objectStorage: storage,
      now: new Date('2026-11-24T08:30:00.250Z'),
    }));
  }, 120_000);
  afterAll(async () => {
    storage?.close();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('names the archive by the time it was taken', () => {
    expect(file).toBe(path.join(backupDir, 'carcare-2026-11-24T08-30-00Z.tar.gz'));
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('restores every row and every image into a new data directory', async () => {
    const manifest = await restoreBackup({ file, database: { kind: 'pglite' }, dataDir: target });

    expect(manifest).toMatchObject({
      kind: 'pglite',
      createdAt: '2026-11-24T08:30:00.250Z',
      uploads: 1,
      storedImages: 1,
      storedImagesMissing: 0,
    });
    expect(manifest.migrations).toBeGreaterThan(0);
    expect(original.users?.length).toBeGreaterThan(1);
    expect(original.bookings?.length).toBeGreaterThan(0);
    expect(original.payments?.length).toBeGreaterThan(0);
    expect(original.images?.some((row) => row.includes('"bytes":null'))).toBe(true);
    expect(await readShop({ kind: 'pglite', dataDir: target })).toEqual(restoredShop);
    expect(readFileSync(path.join(uploadsDir(target), IMAGE))).toEqual(imageBytes);
  });

  it('leaves the restored database with every migration applied', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      await database.migrate();
      expect(await shopContents(database.db)).toEqual(restoredShop);
    } finally {
      await database.close();
    }
  });

  it('refuses to restore over a data directory that already holds a database', async () => {
    await expect(restoreBackup({ file, database: { kind: 'pglite' }, dataDir: target })).rejects.toThrow(
      `${path.join(target, 'pglite')} already holds a database: restore only into a new data directory`,
    );
    expect(await readShop({ kind: 'pglite', dataDir: target })).toEqual(restoredShop);
  });

  it('refuses to restore where uploaded images already are', async () => {
    const withImages = path.join(root, 'with-images');
    mkdirSync(uploadsDir(withImages), { recursive: true });
    writeFileSync(path.join(uploadsDir(withImages), 'other.webp'), 'x');
    await expect(restoreBackup({ file, database: { kind: 'pglite' }, dataDir: withImages })).rejects.toThrow(
      `${uploadsDir(withImages)} is not empty: restore only into a new data directory.`,
    );
    expect(existsSync(path.join(withImages, 'pglite'))).toBe(false);
  });

  it('refuses to restore an embedded backup into PostgreSQL', async () => {
    await expect(
      restoreBackup({ file, database: { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, dataDir: root }),
    ).rejects.toThrow('holds an embedded database (DATA_DIR); it can only be restored into an embedded database');
  });

  it('refuses to back up while the server has the data directory open', async () => {
    // Another live process on this machine holds it, as a running server would.
    const lock = path.join(source, DATA_DIR_LOCK_FILE);
    const since = new Date().toISOString();
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), holder: 'the server', since }));
    try {
      await expect(createBackup({ database: { kind: 'pglite' }, dataDir: source, backupDir })).rejects.toThrow(
        `${source} is in use by the server (pid ${process.ppid} on ${hostname()}, since ${since}): the embedded database allows one process at a time.`,
      );
      expect(existsSync(lock)).toBe(true);
    } finally {
      rmSync(lock);
    }
  });

  it('takes over the lock of a server that died without releasing it', async () => {
    const release = lockDataDir(source, 'a backup');
    release();
    expect(existsSync(path.join(source, DATA_DIR_LOCK_FILE))).toBe(false);
    writeFileSync(
      path.join(source, DATA_DIR_LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), holder: 'the server', since: new Date().toISOString() }),
    );
    const { manifest } = await createBackup({
      database: { kind: 'pglite' },
      dataDir: source,
      backupDir,
      objectStorage: storage,
    });
    expect(manifest.uploads).toBe(1);
    expect(existsSync(path.join(source, DATA_DIR_LOCK_FILE))).toBe(false);
  });
});
