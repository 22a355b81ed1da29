import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { create as createTar } from 'tar';
import { pgliteExtensions } from '../db/client';
import { uploadsDir } from '../lib/uploads';
import {
  BackupError,
  type BackupManifest,
  countFiles,
  countMigrations,
  type DatabaseTarget,
  databaseEntry,
  isEmptyDir,
  MANIFEST_FILE,
  runClientTool,
  UPLOADS_ENTRY,
  withClientToolsAddress,
} from './backup-archive';
import { lockDataDir } from './data-dir-lock';

export type CreateBackupOptions = {
  database: DatabaseTarget;
  /** DATA_DIR: the embedded database and the uploaded images live here. */
  dataDir: string;
  backupDir: string;
  now?: Date;
};

/**
 * Writes the database and the uploaded images as one archive named by the time, `carcare-<UTC time>.tar.gz`.
 * The embedded database can only be read while no server has it open; PostgreSQL is read from one snapshot
 * while it keeps serving.
 */
export async function createBackup(options: CreateBackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const { database, dataDir, backupDir, now = new Date() } = options;
  const release = database.kind === 'pglite' ? lockDataDir(dataDir, 'a backup') : undefined;
  const staging = mkdtempSync(path.join(tmpdir(), 'carcare-backup-'));
  try {
    const dumpFile = path.join(staging, databaseEntry(database.kind));
    const migrations =
      database.kind === 'pglite' ? await dumpEmbedded(dataDir, dumpFile) : await dumpPostgres(database.url, dumpFile);
    // Images are copied after the rows: one uploaded meanwhile is extra, never missing for a row.
    const uploads = uploadsDir(dataDir);
    if (existsSync(uploads)) cpSync(uploads, path.join(staging, UPLOADS_ENTRY), { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      kind: database.kind,
      createdAt: now.toISOString(),
      migrations,
      uploads: countFiles(path.join(staging, UPLOADS_ENTRY)),
    };
    writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    mkdirSync(backupDir, { recursive: true });
    const file = unusedName(backupDir, now);
    // Written under another name first: a file with the final name is always a whole backup.
    const partial = `${file}.partial`;
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, readdirSync(staging).sort());
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release?.();
  }
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

/** Plain SQL from the embedded database; returns how many migrations it had applied. */
async function dumpEmbedded(dataDir: string, target: string): Promise<number> {
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
    const dump = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    return migrations;
  } finally {
    await client.close();
  }
}

/**
 * PostgreSQL's custom format through `pg_dump`, reading the snapshot that the migration count is read in:
 * the archive and its manifest describe one moment however busy the server is.
 */
async function dumpPostgres(url: string, target: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const migrations = await countMigrations((text) => client.query<{ count: number }>(text));
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
    return migrations;
  } finally {
    await client.end();
  }
}
