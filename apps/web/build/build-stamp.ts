import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sourcesFingerprint as fingerprintOf } from '../../../tools/build/fingerprint';

/** What the web build is made from, relative to the repository's root. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

const stampFile = (repoRoot: string) => path.join(repoRoot, 'apps/web/dist-ssr/.sources-sha256');

/** The SHA-256 of every source of the web build, names and contents, in a fixed order. */
export const sourcesFingerprint = (repoRoot: string) => fingerprintOf(repoRoot, SOURCES);

/**
 * The fingerprint of the sources the build on disk was made from: undefined when either build (browser or
 * server) is missing, or when it was never stamped (an interrupted or hand-made build).
 */
export function builtFingerprint(repoRoot: string): string | undefined {
  const built = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].every((file) =>
    existsSync(path.join(repoRoot, file)),
  );
  const stamp = stampFile(repoRoot);
  return built && existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : undefined;
}

/** Records that the build on disk was made from the sources with this fingerprint, once both builds succeeded. */
export function stampBuild(repoRoot: string, fingerprint: string): void {
  writeFileSync(stampFile(repoRoot), `${fingerprint}\n`);
}
