import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { restrictToOwner } from '../lib/private-files';

/** What a backup archive says about itself, in `manifest.json` at its root. */
export const backupManifest = z.object({
  format: z.literal(1),
  /** Which database it was taken from: `pglite` holds `database.sql`, `postgres` holds `database.dump`. */
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  /** How many schema migrations the database had applied. */
  migrations: z.number().int().min(0),
  /** How many uploaded image files are under `uploads/`. */
  uploads: z.number().int().min(0),
  /**
   * How many images kept in the image storage (S3_URL) rather than in their rows are under `stored-images/`,
   * and how many of those the storage did not have when the backup was taken.
   */
  storedImages: z.number().int().min(0).default(0),
  storedImagesMissing: z.number().int().min(0).default(0),
});

export type BackupManifest = z.infer<typeof backupManifest>;

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite' };

export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_ENTRY = 'uploads';
/** The images kept in the image storage (S3_URL), each under its stored name. */
export const STORED_IMAGES_ENTRY = 'stored-images';
export const databaseEntry = (kind: DatabaseTarget['kind']) => (kind === 'pglite' ? 'database.sql' : 'database.dump');

/** Why a backup or a restore did not run; the message tells the operator what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The table drizzle records applied migrations in. */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** The files of BACKUP_DIR that backups wrote, whole or partial; anything else there is not ours to change. */
const isBackupArchive = (name: string) => /^carcare-.*\.tar\.gz(\.partial)?$/.test(name);

/** BACKUP_DIR and the archives in it, readable by the server's account alone, including those of older versions. */
export const keepBackupsPrivate = (backupDir: string) => restrictToOwner(backupDir, isBackupArchive);

export const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

export const countFiles = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length
    : 0;

/**
 * Runs `use` with an address for the PostgreSQL client tools that holds no password, so that it never shows
 * in the process list: the password goes in a private password file named by the address, removed after.
 */
export async function withClientToolsAddress<T>(url: string, use: (address: string) => Promise<T>): Promise<T> {
  const parsed = new URL(url);
  if (!parsed.password) return use(url);
  const passfileField = (value: string) => value.replaceAll('\\', '\\\\').replaceAll(':', '\\:');
  const dir = mkdtempSync(path.join(tmpdir(), 'carcare-pgpass-'));
  const passfile = path.join(dir, 'pgpass');
  writeFileSync(passfile, `*:*:*:*:${passfileField(decodeURIComponent(parsed.password))}\n`, { mode: 0o600 });
  parsed.password = '';
  parsed.searchParams.set('passfile', passfile);
  try {
    return await use(parsed.toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one of the PostgreSQL client tools (`pg_dump`, `pg_restore`), failing with what it said. */
export function runClientTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(
          new BackupError(
            `${command} was not found: install the PostgreSQL client tools of the server's major version (Debian: postgresql-client).`,
          ),
        );
      }
      reject(new BackupError(`${command} failed: ${stderr.trim() || error.message}`));
    });
  });
}

export type MigrationCountQuery = (text: string) => Promise<{ rows: { count: number }[] }>;

/** How many migrations the database records as applied; none before the first start. */
export async function countMigrations(query: MigrationCountQuery): Promise<number> {
  const { rows } = await query(
    `select case when to_regclass('${MIGRATIONS_TABLE}') is null then 0 else 1 end as count`,
  );
  if (rows[0]?.count !== 1) return 0;
  return (await query(`select count(*)::int as count from ${MIGRATIONS_TABLE}`)).rows[0]?.count ?? 0;
}

export type StoredImageName = { hash: string; contentType: string };

type RowsQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The images whose bytes are kept in the image storage (S3_URL) instead of their rows; none before the table. */
export async function imagesKeptInStorage(query: RowsQuery): Promise<StoredImageName[]> {
  const { rows } = await query(`select to_regclass('public.images') is not null as present`);
  if (rows[0]?.present !== true) return [];
  const kept = await query('select hash, content_type from images where bytes is null order by hash');
  return kept.rows.map((row) => ({ hash: String(row.hash), contentType: String(row.content_type) }));
}
