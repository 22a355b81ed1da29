import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { create as createTar } from 'tar';
import { pgliteExtensions } from '../db/client';
import type { ObjectStorage } from '../lib/object-storage';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, restrictToOwner } from '../lib/private-files';
import { type StoredImageType, storedImageName, uploadsDir } from '../lib/uploads';
import {
  BackupError,
  type BackupManifest,
  countFiles,
  countMigrations,
  type DatabaseTarget,
  databaseEntry,
  imagesKeptInStorage,
  isEmptyDir,
  keepBackupsPrivate,
  MANIFEST_FILE,
  runClientTool,
  STORED_IMAGES_ENTRY,
  type StoredImageName,
  UPLOADS_ENTRY,
  withClientToolsAddress,
} from './backup-archive';
import { lockDataDir } from './data-dir-lock';

export type CreateBackupOptions = {
  database: DatabaseTarget;
  /** DATA_DIR: the embedded database and the uploaded images live here. */
  dataDir: string;
  backupDir: string;
  /** S3_URL's bucket: the images kept there instead of in their rows are copied into the archive. */
  objectStorage?: ObjectStorage | undefined;
  now?: Date;
};

/** What a dump read besides the rows: the migrations applied, and the images whose bytes are elsewhere. */
type DumpResult = { migrations: number; storedImages: StoredImageName[] };

/**
 * Writes the database and the uploaded images as one archive named by the time, `carcare-<UTC time>.tar.gz`,
 * with the images kept in the image storage (S3_URL) when there are any.
 * The embedded database can only be read while no server has it open; PostgreSQL is read from one snapshot
 * while it keeps serving.
 */
export async function createBackup(options: CreateBackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const { database, dataDir, backupDir, objectStorage, now = new Date() } = options;
  const release = database.kind === 'pglite' ? lockDataDir(dataDir, 'a backup') : undefined;
  const staging = mkdtempSync(path.join(tmpdir(), 'carcare-backup-'));
  try {
    const dumpFile = path.join(staging, databaseEntry(database.kind));
    const { migrations, storedImages } =
      database.kind === 'pglite' ? await dumpEmbedded(dataDir, dumpFile) : await dumpPostgres(database.url, dumpFile);
    // Images are copied after the rows: one uploaded meanwhile is extra, never missing for a row.
    const uploads = uploadsDir(dataDir);
    if (existsSync(uploads)) cpSync(uploads, path.join(staging, UPLOADS_ENTRY), { recursive: true });
    const missing = await copyStoredImages(storedImages, objectStorage, path.join(staging, STORED_IMAGES_ENTRY));
    const manifest: BackupManifest = {
      format: 1,
      kind: database.kind,
      createdAt: now.toISOString(),
      migrations,
      uploads: countFiles(path.join(staging, UPLOADS_ENTRY)),
      storedImages: storedImages.length - missing,
      storedImagesMissing: missing,
    };
    writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // A backup holds the signing secret and every password hash: the server's account alone reads it, and
    // archives written before this rule are taken back too.
    mkdirSync(backupDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    keepBackupsPrivate(backupDir);
    const file = unusedName(backupDir, now);
    // Written under another name first: a file with the final name is always a whole backup.
    const partial = `${file}.partial`;
    await createTar(
      { gzip: true, file: partial, mode: PRIVATE_FILE_MODE, cwd: staging, portable: true },
      readdirSync(staging).sort(),
    );
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release?.();
  }
}

/**
 * Copies the images the rows say are kept in the image storage into `target`, by their stored names, and
 * answers how many the storage did not have: a backup still keeps every row and every image it could read.
 */
async function copyStoredImages(
  storedImages: StoredImageName[],
  storage: ObjectStorage | undefined,
  target: string,
): Promise<number> {
  if (storedImages.length === 0) return 0;
  if (!storage) {
    throw new BackupError(
      `${storedImages.length} images are kept in the image storage of S3_URL, which is not set: set S3_URL as the server has it.`,
    );
  }
  mkdirSync(target, { recursive: true });
  let missing = 0;
  for (const { hash, contentType } of storedImages) {
    const name = storedImageName(hash, contentType as StoredImageType);
    const bytes = await storage.get(name);
    if (bytes) writeFileSync(path.join(target, name), bytes);
    else missing++;
  }
  return missing;
}

function unusedName(backupDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  for (let copy = 0; ; copy++) {
    const file = path.join(backupDir, `carcare-${stamp}${copy === 0 ? '' : `-${copy}`}.tar.gz`);
    if (!existsSync(file)) return file;
  }
}

/** Plain SQL from the embedded database. */
async function dumpEmbedded(dataDir: string, target: string): Promise<DumpResult> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (isEmptyDir(pgliteDir)) {
    throw new BackupError(
      `There is no embedded database in ${dataDir}: check DATA_DIR, or set DATABASE_URL to back up PostgreSQL.`,
    );
  }
  const client = new PGlite(pgliteDir, { extensions: pgliteExtensions });
  try {
    await client.waitReady;
    const migrations = await countMigrations((text) => client.query<{ count: number }>(text));
    const storedImages = await imagesKeptInStorage((text) => client.query(text));
    const dump = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    return { migrations, storedImages };
  } finally {
    await client.close();
    // Opening the database rewrote some of its files readable by all, whatever the umask.
    restrictToOwner(pgliteDir);
  }
}

/**
 * PostgreSQL's custom format through `pg_dump`, reading the snapshot that the migration count is read in:
 * the archive and its manifest describe one moment however busy the server is.
 */
async function dumpPostgres(url: string, target: string): Promise<DumpResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const migrations = await countMigrations((text) => client.query<{ count: number }>(text));
    const storedImages = await imagesKeptInStorage((text) => client.query(text));
    await withClientToolsAddress(url, (address) =>
      runClientTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]?.snapshot}`,
        `--file=${target}`,
        `--dbname=${address}`,
      ]),
    );
    await client.query('commit');
    return { migrations, storedImages };
  } finally {
    await client.end();
  }
}
