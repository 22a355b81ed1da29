import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bundleFile, bundleIfStale } from '../build/bundle';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

it('bundles our code once for its sources, leaving npm packages as imports and no path of this checkout inside', async () => {
  // The suites' global setup bundled these sources already.
  expect(await bundleIfStale()).toBe('fresh');
  const bundle = readFileSync(bundleFile, 'utf8');
  // The migrations and the web build are found from the bundle's own folder, wherever the checkout is.
  expect(bundle).toContain('__sourceFolder("../src/db")');
  expect(bundle).toContain('__sourceFolder("../src/config")');
  expect(bundle).not.toContain(repoRoot);
  expect(bundle).not.toContain('node_modules');
  expect(bundle).toMatch(/^import .* from "fastify";$/m);
  // The contracts are our code: bundled, not imported.
  expect(bundle).not.toMatch(/from "@carcare\//);
});
