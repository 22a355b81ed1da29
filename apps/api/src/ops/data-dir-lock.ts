import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';

/** Kept in DATA_DIR while a process has the embedded database open: PGlite allows one process per directory. */
export const DATA_DIR_LOCK_FILE = 'pglite.lock';

const lockContents = z.object({ pid: z.number().int(), host: z.string(), holder: z.string(), since: z.string() });

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims the data directory for this process, or throws naming who holds it. A lock left by a process that
 * died (same machine, pid gone) is taken over; one written on another machine is never guessed about.
 * Returns the release, which removes the file only while it is still this process's.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mine = { pid: process.pid, host: hostname(), holder, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return () => {
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readHolder(file);
    const stale =
      current === undefined || (current.host === mine.host && (current.pid === process.pid || !isAlive(current.pid)));
    if (!stale) {
      throw new DataDirInUseError(
        `${dataDir} is in use by ${current.holder} (pid ${current.pid} on ${current.host}, since ${current.since}): ` +
          'the embedded database allows one process at a time. Stop it first; backups while the server runs ' +
          `need PostgreSQL (DATABASE_URL). If no such process runs any more, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`${dataDir} was claimed by another process at the same moment: try again.`);
}

function readHolder(file: string) {
  try {
    const parsed = lockContents.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
