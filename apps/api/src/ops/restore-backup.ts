import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { extract as extractTar } from 'tar';
import { pgliteExtensions } from '../db/client';
import type { ObjectStorage } from '../lib/object-storage';
import { restrictToOwner } from '../lib/private-files';
import { parseStoredImageName, uploadsDir } from '../lib/uploads';
import {
  BackupError,
  type BackupManifest,
  backupManifest,
  countMigrations,
  type DatabaseTarget,
  databaseEntry,
  isEmptyDir,
  MANIFEST_FILE,
  MIGRATIONS_TABLE,
  runClientTool,
  STORED_IMAGES_ENTRY,
  UPLOADS_ENTRY,
  withClientToolsAddress,
} from './backup-archive';
import { lockDataDir } from './data-dir-lock';

export type RestoreBackupOptions = {
  /** An archive written by `createBackup`. */
  file: string;
  database: DatabaseTarget;
  dataDir: string;
  /**
   * S3_URL's bucket: the backup's images that were kept in an image storage are put there. Without one,
   * they go back into their rows, and the server serves them from the database.
   */
  objectStorage?: ObjectStorage | undefined;
};

/** An image of the backup's `stored-images/`, read back. */
type StoredImageFile = { name: string; hash: string; contentType: string; bytes: Buffer };

/** Runs a statement with parameters, on either database's client. */
type Execute = (text: string, params: unknown[]) => Promise<unknown>;

const KIND_NAMES = { pglite: 'an embedded database (DATA_DIR)', postgres: 'a PostgreSQL database (DATABASE_URL)' };

/**
 * Puts a backup's rows and images into an empty database and an empty uploads directory. Anything already
 * there is refused rather than merged or overwritten.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<BackupManifest> {
  const { file, database, dataDir, objectStorage } = options;
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const release = database.kind === 'pglite' ? lockDataDir(dataDir, 'a restore') : undefined;
  const staging = mkdtempSync(path.join(tmpdir(), 'carcare-restore-'));
  try {
    const manifest = await unpack(file, staging);
    if (manifest.kind !== database.kind) {
      throw new BackupError(
        `${file} holds ${KIND_NAMES[manifest.kind]}; it can only be restored into ${KIND_NAMES[manifest.kind]}, ` +
          `and the configuration names ${KIND_NAMES[database.kind]}.`,
      );
    }
    if (database.kind === 'pglite') refuseEmbeddedDatabase(dataDir);
    const uploads = uploadsDir(dataDir);
    if (!isEmptyDir(uploads)) {
      throw new BackupError(`${uploads} is not empty: restore only into a new data directory.`);
    }
    const dumpFile = path.join(staging, databaseEntry(manifest.kind));
    const storedImages = readStoredImages(path.join(staging, STORED_IMAGES_ENTRY));
    // Into the storage before the rows that name them: a restore that fails later leaves spare objects only.
    if (objectStorage) {
      for (const image of storedImages) await objectStorage.put(image.name, image.bytes, image.contentType);
    }
    const intoRows = objectStorage ? [] : storedImages;
    const migrations =
      database.kind === 'pglite'
        ? await restoreEmbedded(dataDir, dumpFile, intoRows)
        : await restorePostgres(database.url, dumpFile, intoRows);
    if (migrations !== manifest.migrations) {
      throw new BackupError(
        `The restored database records ${migrations} migrations where the backup had ${manifest.migrations}.`,
      );
    }
    const stagedUploads = path.join(staging, UPLOADS_ENTRY);
    if (existsSync(stagedUploads)) cpSync(stagedUploads, uploads, { recursive: true });
    // The archive's modes, PGlite's and the copies' are not ours: the restored data is the server account's alone.
    restrictToOwner(dataDir);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release?.();
  }
}

async function unpack(file: string, staging: string): Promise<BackupManifest> {
  try {
    await extractTar({ file, cwd: staging, strict: true });
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup archive: ${(error as Error).message}`);
  }
  const manifestFile = path.join(staging, MANIFEST_FILE);
  const parsed = existsSync(manifestFile) ? backupManifest.safeParse(readJson(manifestFile)) : undefined;
  if (!parsed?.success)
    throw new BackupError(`${file} is not a CarCare backup: its ${MANIFEST_FILE} is missing or unknown.`);
  if (!existsSync(path.join(staging, databaseEntry(parsed.data.kind)))) {
    throw new BackupError(`${file} is incomplete: it has no ${databaseEntry(parsed.data.kind)}.`);
  }
  return parsed.data;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function refuseEmbeddedDatabase(dataDir: string) {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!isEmptyDir(pgliteDir)) {
    throw new BackupError(
      `${pgliteDir} already holds a database: restore only into a new data directory (set DATA_DIR to one that does not exist yet).`,
    );
  }
}

/** The images of the backup's `stored-images/`; a file by any other name is not one of ours and is refused. */
function readStoredImages(dir: string): StoredImageFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const named = parseStoredImageName(name);
      if (!named)
        throw new BackupError(`The backup holds ${STORED_IMAGES_ENTRY}/${name}, which is not a stored image.`);
      return { name, ...named, bytes: readFileSync(path.join(dir, name)) };
    });
}

/** Puts images that were kept in an image storage back into their rows, for a server without S3_URL. */
async function putBytesIntoRows(execute: Execute, storedImages: StoredImageFile[]) {
  for (const { hash, bytes } of storedImages) {
    await execute('update images set bytes = $1 where hash = $2 and bytes is null', [bytes, hash]);
  }
}

async function restoreEmbedded(dataDir: string, dumpFile: string, intoRows: StoredImageFile[]): Promise<number> {
  refuseEmbeddedDatabase(dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  try {
    const client = new PGlite(pgliteDir, { extensions: pgliteExtensions });
    try {
      await client.waitReady;
      await client.exec(readFileSync(dumpFile, 'utf8'));
      // The dump empties search_path for its own statements: read the result with the default one.
      await client.exec('reset search_path');
      await putBytesIntoRows((text, params) => client.query(text, params), intoRows);
      return await countMigrations((text) => client.query<{ count: number }>(text));
    } finally {
      await client.close();
    }
  } catch (error) {
    // Half a database would make the next attempt refuse: leave the directory as empty as it was found.
    rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  }
}

async function restorePostgres(url: string, dumpFile: string, intoRows: StoredImageFile[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number; migrations: boolean }>(
      `select (select count(*)::int from information_schema.tables where table_schema = 'public') as tables,
              to_regclass('${MIGRATIONS_TABLE}') is not null as migrations`,
    );
    const tables = rows[0]?.tables ?? 0;
    if (tables > 0 || rows[0]?.migrations) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${tables} tables in public${rows[0]?.migrations ? ', migrations applied' : ''}): ` +
          'restore only into a new, empty database (createdb).',
      );
    }
    // One transaction: a failed restore leaves the database empty, ready for another attempt.
    await withClientToolsAddress(url, (address) =>
      runClientTool('pg_restore', [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        `--dbname=${address}`,
        dumpFile,
      ]),
    );
    await putBytesIntoRows((text, params) => client.query(text, params), intoRows);
    return await countMigrations((text) => client.query<{ count: number }>(text));
  } finally {
    await client.end();
  }
}
