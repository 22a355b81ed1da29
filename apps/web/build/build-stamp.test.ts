// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFingerprint, sourcesFingerprint, stampBuild } from './build-stamp';

let root: string;
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'carcare-web-build-'));
  write('apps/web/src/main.tsx', 'export const app = 1;');
  write('apps/web/src/features/__tests__/main.test.tsx', 'test');
  write('packages/contracts/src/bookings.ts', 'export const x = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const build = () => {
  write('apps/web/dist/index.html', '<html></html>');
  write('apps/web/dist-ssr/entry-server.js', 'export {}');
  stampBuild(root, sourcesFingerprint(root));
};

describe('the web build on disk', () => {
  it('is current once stamped, and stays so when only a test changes', () => {
    expect(builtFingerprint(root)).toBeUndefined();
    build();
    expect(builtFingerprint(root)).toBe(sourcesFingerprint(root));
    write('apps/web/src/features/__tests__/main.test.tsx', 'another test');
    expect(builtFingerprint(root)).toBe(sourcesFingerprint(root));
  });

  it('is stale when a source of the app, of the contracts or the lock file changes, or a file is added', () => {
    build();
    for (const [file, text] of [
      ['apps/web/src/main.tsx', 'export const app = 2;'],
      ['packages/contracts/src/bookings.ts', 'export const x = 2;'],
      ['package-lock.json', '{"lockfileVersion": 3}'],
      ['apps/web/src/new-page.tsx', 'export {}'],
    ] as const) {
      const before = sourcesFingerprint(root);
      write(file, text);
      expect(sourcesFingerprint(root)).not.toBe(before);
      expect(builtFingerprint(root)).not.toBe(sourcesFingerprint(root));
      build();
    }
  });

  it('is not taken for current when the server build is missing, whatever the stamp says', () => {
    build();
    rmSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'));
    expect(builtFingerprint(root)).toBeUndefined();
  });
});
