import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
// Bundled with the build's configuration, which loads the workspace's packages as plain Node modules: by path.
import { ISLAND_FILES_PATH, type IslandFiles } from '../../../packages/contracts/src/page-render';
import { ISLAND_MODULES, ISLANDS_RUNTIME_MODULE } from '../src/app/island-modules';

/** A chunk's file, then the files of every chunk it imports statically, and theirs in turn. */
function filesOf(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const files: string[] = [];
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (files.includes(fileName) || output?.type !== 'chunk') return;
    files.push(fileName);
    for (const imported of output.imports) visit(imported);
  };
  visit(chunk.fileName);
  return files;
}

/**
 * Lists, for the server, the files a page served as islands loads before it hydrates (decision 049): the
 * islands' runtime and each island's module, with everything they import. An island's module may share a
 * chunk with the app, so Vite's manifest does not name it: the chunk holding it is found in the bundle.
 */
export const islandFiles = (): Plugin => ({
  name: 'carcare-island-files',
  apply: 'build',
  generateBundle(_options, bundle) {
    if (this.environment.config.build.ssr) return;
    const root = this.environment.config.root;
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const filesOfModule = (module: string) => {
      const id = path.resolve(root, module);
      const chunk = chunks.find((each) => each.moduleIds.includes(id));
      if (!chunk) this.error(`no chunk of the build holds ${module}`);
      return filesOf(chunk, bundle);
    };
    const files: IslandFiles = {
      runtime: filesOfModule(ISLANDS_RUNTIME_MODULE),
      islands: Object.fromEntries(
        Object.entries(ISLAND_MODULES).map(([name, module]) => [name, filesOfModule(module)]),
      ),
    };
    this.emitFile({ type: 'asset', fileName: ISLAND_FILES_PATH, source: JSON.stringify(files, null, 2) });
  },
});
