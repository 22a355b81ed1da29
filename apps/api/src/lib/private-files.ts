import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data directory, outbox, secrets and backups hold the signing secret, password hashes and reset links:
 * only the account the server runs as may read them (decision 026).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** What the process masks from every file and directory it creates, whoever creates it (PGlite, tar, pg_dump). */
const PRIVATE_UMASK = 0o077;
/** The sticky bit: set on directories shared by design (`/tmp`), which are never taken away from others. */
const STICKY = 0o1000;

/**
 * Makes every file this process creates from now on private to its owner. Only the entry points call it
 * (the server, backup and restore): a worker thread may not change the process's umask.
 */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** Sets `wanted` unless it is already so; answers false when this account may not (another owns it). */
const setMode = (target: string, current: number, wanted: number): boolean => {
  if ((current & 0o777) === wanted) return true;
  try {
    chmodSync(target, wanted);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return false;
    throw error;
  }
};

/**
 * Takes `target` and everything under it (or, with `only`, the entries of `target` whose names it accepts)
 * away from other accounts: directories 0700, files 0600. For an install whose files were created before
 * this rule, or by a tool that ignores the umask. Symbolic links are left alone (their target is not ours to
 * change), and so is a shared directory such as `/tmp` with all it holds; a missing target is nothing to do.
 * Answers the paths another account owns, which this one may not change: for the caller to warn about.
 */
export function restrictToOwner(target: string, only?: (name: string) => boolean): string[] {
  if (!existsSync(target)) return [];
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return [];
  if (!stat.isDirectory()) return setMode(target, stat.mode, PRIVATE_FILE_MODE) ? [] : [target];
  if ((stat.mode & STICKY) !== 0) return [];
  const refused = setMode(target, stat.mode, PRIVATE_DIR_MODE) ? [] : [target];
  for (const entry of readdirSync(target)) {
    if (!only || only(entry)) refused.push(...restrictToOwner(path.join(target, entry)));
  }
  return refused;
}
