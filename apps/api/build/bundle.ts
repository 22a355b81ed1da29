/**
 * Builds the API server into one JavaScript module, `apps/api/dist/server.mjs`, which `npm start` runs with plain
 * Node (decision 046): the server no longer compiles its TypeScript as it loads, and keeps no compiler and no
 * copies of its sources in memory. Our own code (the API and the contracts) is bundled; every npm package stays
 * an import of its own. Skipped when the bundle on disk was made from exactly the sources there now, unless
 * `--force` is given.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { sourcesFingerprint } from '../../../tools/build/fingerprint';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const apiRoot = path.join(repoRoot, 'apps/api');
export const bundleFile = path.join(apiRoot, 'dist/server.mjs');
const stampFile = path.join(apiRoot, 'dist/.sources-sha256');

/** What the bundle is made from, relative to the repository's root. */
const SOURCES = [
  'apps/api/src',
  'apps/api/build',
  'apps/api/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

const packagesOf = (file: string): string[] => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies });
};

/** Every npm package the API or the contracts name, and what is under each: imported at run time, not bundled. */
const external = [...packagesOf('apps/api/package.json'), ...packagesOf('packages/contracts/package.json')]
  .filter((name) => !name.startsWith('@carcare/'))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * A source file's `import.meta.dirname` (where it finds its migrations, or the web app's build) as the folder it
 * names in the repository, found from the bundle's own place, so that the bundle still finds them wherever the
 * checkout is.
 */
const sourceFolders: Plugin = {
  name: 'source-folders',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (file) => {
      const text = readFileSync(file.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const folder = path.relative(path.dirname(bundleFile), path.dirname(file.path));
      return {
        contents: text.replaceAll('import.meta.dirname', `__sourceFolder(${JSON.stringify(folder)})`),
        loader: 'ts',
      };
    });
  },
};

/** Bundles the API, then puts the bundle in place at once: a server starting meanwhile reads the old or the new. */
export async function bundleApi(): Promise<void> {
  mkdirSync(path.dirname(bundleFile), { recursive: true });
  const { outputFiles } = await build({
    entryPoints: [path.join(apiRoot, 'src/app/server.ts')],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    plugins: [sourceFolders],
    banner: {
      js: [
        "import { resolve as __resolveFolder } from 'node:path';",
        'const __sourceFolder = (folder) => __resolveFolder(import.meta.dirname, folder);',
      ].join('\n'),
    },
    // Names kept and code left readable: a stack trace in the log still says where it was.
    keepNames: true,
    logLevel: 'warning',
    write: false,
  });
  const [bundle] = outputFiles;
  if (!bundle) throw new Error('esbuild made no bundle');
  const written = `${bundleFile}.${process.pid}.tmp`;
  writeFileSync(written, bundle.contents);
  renameSync(written, bundleFile);
}

export const apiSourcesFingerprint = () => sourcesFingerprint(repoRoot, SOURCES);

const builtFingerprint = () =>
  existsSync(bundleFile) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;

/** Bundles the API unless the bundle on disk was made from these sources (or always, with `force`). */
export async function bundleIfStale({ force = false }: { force?: boolean } = {}): Promise<'built' | 'fresh'> {
  const wanted = apiSourcesFingerprint();
  if (!force && builtFingerprint() === wanted) return 'fresh';
  await bundleApi();
  writeFileSync(stampFile, `${wanted}\n`);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const outcome = await bundleIfStale({ force: process.argv.includes('--force') });
  console.log(
    outcome === 'fresh'
      ? 'The API in apps/api/dist was bundled from these sources: it is not bundled again.'
      : `The API is bundled into ${path.relative(repoRoot, bundleFile)}.`,
  );
}
