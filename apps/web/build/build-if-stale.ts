/**
 * Builds the web app (browser and server builds) unless the build on disk was made from exactly the sources
 * there now, so that `npm start` starts at once after the first time; `--force` builds it whatever is there.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtFingerprint, sourcesFingerprint, stampBuild } from './build-stamp';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const wanted = sourcesFingerprint(repoRoot);
if (builtFingerprint(repoRoot) === wanted && !process.argv.includes('--force')) {
  console.log('The web app in apps/web/dist was built from these sources: it is not built again.');
} else {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  stampBuild(repoRoot, wanted);
}
