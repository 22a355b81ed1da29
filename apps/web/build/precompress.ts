import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build, so that the server sends compressed
 * files without compressing on each request.
 */
export const precompress = (): Plugin => ({
  name: 'carcare-precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    handler() {
      // The server build is read by the API from disk, never sent to browsers.
      if (this.environment.config.build.ssr) return;
      const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  },
});
