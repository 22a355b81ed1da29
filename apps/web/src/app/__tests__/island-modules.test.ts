// @vitest-environment node

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISLAND_MODULES, ISLANDS_RUNTIME_MODULE } from '../island-modules';
import { ISLANDS } from '../islands';

const webRoot = path.resolve(import.meta.dirname, '../../..');

describe('the modules the build lists for the islands', () => {
  it("names, for each island, the module its loader imports, and the entry's runtime", () => {
    // The loaders' own text: `'site-menu': () => import('@/components/layout/mobile-nav-drawer')…`.
    const table = readFileSync(path.join(webRoot, 'src/app/islands.ts'), 'utf8');
    const imported = Object.fromEntries(
      [...table.matchAll(/'?([a-z-]+)'?: \(\) =>\s*import\('@\/([^']+)'\)/g)].map(([, name, module]) => [
        name,
        `src/${module}.tsx`,
      ]),
    );
    expect(Object.keys(imported).sort()).toEqual(Object.keys(ISLANDS).sort());
    expect(ISLAND_MODULES).toEqual(imported);
    for (const module of Object.values(ISLAND_MODULES)) expect(existsSync(path.join(webRoot, module))).toBe(true);

    const entry = readFileSync(path.join(webRoot, 'src/main.tsx'), 'utf8');
    expect(entry).toContain(`import('./${path.relative('src', ISLANDS_RUNTIME_MODULE).replace(/\.tsx$/, '')}')`);
  });
});
