import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Tests are left out: changing one changes nothing built. */
const isTest = (name: string) => name === '__tests__' || /\.test\.tsx?$/.test(name);

/**
 * The SHA-256 of every file under `sources` (paths relative to the repository's root, files or folders), names
 * and contents, in a fixed order: what a build was made from.
 */
export function sourcesFingerprint(repoRoot: string, sources: readonly string[]): string {
  const hash = createHash('sha256');
  const visit = (relative: string) => {
    const full = path.join(repoRoot, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) if (!isTest(entry)) visit(path.join(relative, entry));
      return;
    }
    hash.update(relative).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const source of sources) visit(source);
  return hash.digest('hex');
}
