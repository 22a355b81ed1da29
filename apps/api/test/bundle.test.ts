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

it('loads the SDK of a provider a shop may do without only when the shop uses it (decision 050)', () => {
  const bundle = readFileSync(bundleFile, 'utf8');
  for (const sdk of ['stripe', 'twilio', '@aws-sdk/client-s3', 'sharp', 'ioredis']) {
    // Never imported as the server starts: a static import is loaded, and held, whether used or not.
    expect(bundle).not.toMatch(new RegExp(`^import .* from "${sdk}";$`, 'm'));
    expect(bundle).toContain(`import("${sdk}")`);
  }
});

it('loads the driver of the database it runs on only, PGlite or node-postgres (decision 050)', () => {
  const bundle = readFileSync(bundleFile, 'utf8');
  for (const driver of ['pg', '@electric-sql/pglite', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres']) {
    expect(bundle).not.toMatch(new RegExp(`^import .* from "${driver}";$`, 'm'));
    expect(bundle).toContain(`import("${driver}")`);
  }
});
