import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helper';
import { runToExit, startServerProcess, stopServerProcesses } from '../server-process';

const apiDir = path.resolve(import.meta.dirname, '../..');
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/**
 * Every directory and file under `dir` whose mode is not the owner's alone (0700 and 0600), with its mode:
 * empty when the tree is private.
 */
function readableByOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    const stat = lstatSync(current);
    const wanted = stat.isDirectory() ? '700' : '600';
    if (mode(current) !== wanted) found.push(`${path.relative(dir, current) || '.'} ${mode(current)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(current)) walk(path.join(current, entry));
  };
  walk(dir);
  return found;
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

/** Runs `npm run backup` or `npm run restore` as the operator does, answering its exit code and output. */
const runScript = (script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) =>
  runToExit(
    script,
    { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'sandbox', ...env },
    { args, cwd: apiDir },
  );

/** How long the server may take to start: a new embedded database is slow to create on a busy machine. */
const FIRST_START_MS = 90_000;

/** The administrator the first start creates, whose password goes to DATA_DIR/secrets. */
const ADMIN_EMAIL = 'admin@carcare.local';

/** Starts the server as `npm start` does, asks for a password reset (a mail in the outbox), and stops it. */
async function startAndMail(env: Record<string, string>, outbox: string) {
  const server = await startServerProcess(env, FIRST_START_MS);
  try {
    const before = existsSync(outbox) ? readdirSync(outbox).length : 0;
    const response = await fetch(`${server.base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL }),
    });
    expect(response.status).toBe(200);
    for (
      let attempt = 0;
      attempt < 100 && (existsSync(outbox) ? readdirSync(outbox).length : 0) === before;
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readdirSync(outbox).length).toBe(before + 1);
  } finally {
    await stopServerProcesses([server]);
  }
}

describe(`files of a ${testDatabaseKind === 'pglite' ? 'server on the embedded database' : 'server on PostgreSQL'}`, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'carcare-private-files-'));
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  const olderBackupDir = path.join(root, 'older-backups');
  const restoredDir = path.join(root, 'restored');
  const databases: Array<{ url: string; drop: () => Promise<void> }> = [];
  let sourceEnv: Record<string, string>;
  let restoredEnv: Record<string, string>;
  let previousUmask: number;

  beforeAll(async () => {
    // The machine's usual umask, which leaves what a process creates readable by every account.
    previousUmask = process.umask(0o022);
    if (testDatabaseKind === 'postgres') {
      databases.push(await createPostgresDatabase(), await createPostgresDatabase());
    }
    const [source, restored] = databases;
    // No demo shop: the administrator, their generated password and a reset mail are what there is to keep.
    const common = { BACKUP_DIR: backupDir, SEED_DEMO_DATA: 'false' };
    sourceEnv = { ...common, DATA_DIR: dataDir, ...(source ? { DATABASE_URL: source.url } : {}) };
    restoredEnv = { ...common, DATA_DIR: restoredDir, ...(restored ? { DATABASE_URL: restored.url } : {}) };
  });
  afterAll(async () => {
    process.umask(previousUmask);
    for (const database of databases) await database.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it("are the server account's alone after a first start: data directory, database, outbox, secrets", async () => {
    await startAndMail(sourceEnv, path.join(dataDir, 'outbox'));

    const files = filesUnder(dataDir);
    expect(files).toContain('secrets/demo-credentials.txt');
    expect(files.filter((file) => file.startsWith('outbox/') && file.endsWith('.eml'))).toHaveLength(1);
    if (testDatabaseKind === 'pglite')
      expect(files.filter((file) => file.startsWith('pglite/')).length).toBeGreaterThan(100);
    expect(readableByOthers(dataDir)).toEqual([]);
  }, 180_000);

  it('are taken back on start when an older version left them readable', async () => {
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      chmodSync(file, entry.isDirectory() ? 0o755 : 0o644);
    }
    chmodSync(dataDir, 0o755);
    mkdirSync(olderBackupDir, { mode: 0o755 });
    chmodSync(olderBackupDir, 0o755);
    const olderBackup = path.join(olderBackupDir, 'carcare-2025-01-01T00-00-00Z.tar.gz');
    const notOurs = path.join(olderBackupDir, 'notes.txt');
    writeFileSync(olderBackup, 'an archive of an older version', { mode: 0o644 });
    writeFileSync(notOurs, 'the operator keeps this here', { mode: 0o644 });
    expect(readableByOthers(dataDir).length).toBeGreaterThan(3);

    await startAndMail({ ...sourceEnv, BACKUP_DIR: olderBackupDir }, path.join(dataDir, 'outbox'));

    expect(readableByOthers(dataDir)).toEqual([]);
    // Only what backups wrote is changed in BACKUP_DIR: the operator's own file there is left as it was.
    expect([mode(olderBackupDir), mode(olderBackup), mode(notOurs)]).toEqual(['700', '600', '644']);
  }, 180_000);

  it('a backup is written readable by the server account alone, into a directory only it can open', async () => {
    // An image file left by an older version travels with the backup, and comes back with the restore.
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'old-avatar.webp'), 'image bytes');
    // A directory the operator made, as a umask of 022 makes it.
    mkdirSync(backupDir, { mode: 0o755 });

    const backup = await runScript('backup', sourceEnv);
    expect(backup.output).toContain('Backup written to');
    expect(backup.code).toBe(0);

    const archives = readdirSync(backupDir);
    expect(archives).toHaveLength(1);
    expect(readableByOthers(backupDir)).toEqual([]);
  }, 180_000);

  it("a restore leaves the restored data the server account's alone", async () => {
    const [archive] = readdirSync(backupDir);
    const restore = await runScript('restore', restoredEnv, [path.join(backupDir, archive ?? '')]);
    expect(restore.output).toContain('Restored the backup');
    expect(restore.code).toBe(0);

    const files = filesUnder(restoredDir);
    expect(files).toContain('uploads/old-avatar.webp');
    if (testDatabaseKind === 'pglite')
      expect(files.filter((file) => file.startsWith('pglite/')).length).toBeGreaterThan(100);
    expect(readableByOthers(restoredDir)).toEqual([]);
  }, 180_000);
});
