import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layerOverrides, MAX_DEPTH } from './biome-overrides';
import { apiLayers, apiModules, webFeatures } from './layers';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const filesIn = (path: string): string[] =>
  readdirSync(repo(path), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
const foldersIn = (path: string) =>
  readdirSync(repo(path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe('the table of layers', () => {
  it('is what biome.json enforces (npm run lint:layers writes it)', () => {
    const biome = JSON.parse(readFileSync(repo('biome.json'), 'utf8'));
    expect(biome.overrides).toEqual(layerOverrides());
  });

  it('has a row for every API module', () => {
    expect(foldersIn('apps/api/src/modules')).toEqual(Object.keys(apiModules).sort());
  });

  it('has a row for every web feature', () => {
    expect(foldersIn('apps/web/src/features')).toEqual(Object.keys(webFeatures).sort());
  });

  it('lets modules call only modules that exist, through a public face each has', () => {
    for (const [name, calls] of Object.entries(apiModules)) {
      expect(existsSync(repo(`apps/api/src/modules/${name}/public.ts`)), `${name}/public.ts`).toBe(true);
      for (const callee of calls) expect(Object.keys(apiModules)).toContain(callee);
    }
  });

  it('lets calls between modules go one way only', () => {
    const edges: Record<string, readonly string[]> = apiModules;
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, path: string[]) => {
      if (done.has(name)) return;
      expect(visiting.has(name), `a cycle: ${[...path, name].join(' -> ')}`).toBe(false);
      visiting.add(name);
      for (const callee of edges[name] ?? []) visit(callee, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(edges)) visit(name, []);
  });

  it('is written for API files at most MAX_DEPTH folders below their layer or module', () => {
    const roots = [
      ...Object.values(apiLayers)
        .map((layer) => layer.path)
        .filter((path) => path.endsWith('/') && path !== 'modules/'),
      ...Object.keys(apiModules).map((name) => `modules/${name}/`),
    ];
    for (const root of roots) {
      for (const file of filesIn(`apps/api/src/${root}`)) {
        expect(file.split('/').length - 1, `apps/api/src/${root}${file}`).toBeLessThanOrEqual(MAX_DEPTH);
      }
    }
  });

  it("can tell a module's own folders from other modules and layers by name", () => {
    const names = [...Object.keys(apiModules), ...Object.keys(apiLayers)];
    for (const name of Object.keys(apiModules)) {
      for (const folder of foldersIn(`apps/api/src/modules/${name}`)) expect(names).not.toContain(folder);
    }
  });
});
