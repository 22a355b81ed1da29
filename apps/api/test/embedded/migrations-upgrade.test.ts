import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { pgliteExtensions } from '../../src/db/client';
import { migrationsFolder, readMigrations, runMigrations } from '../../src/db/migrate';

/** The last migration before the function files: databases in use were migrated up to it by drizzle itself. */
const BEFORE_FILES = '0015_client_origins';

it("upgrades a database migrated before the function files: what it ran is kept, and its functions are a new one's", async () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((entry: { tag: string }) => entry.tag === BEFORE_FILES) + 1;
  expect(upTo).toBeGreaterThan(0);
  const earlier = mkdtempSync(path.join(tmpdir(), 'carcare-migrations-'));
  mkdirSync(path.join(earlier, 'meta'));
  writeFileSync(
    path.join(earlier, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
  );
  for (const { tag } of journal.entries.slice(0, upTo)) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(earlier, `${tag}.sql`));
  }

  const client = new PGlite({ extensions: pgliteExtensions });
  const fresh = new PGlite({ extensions: pgliteExtensions });
  try {
    const recorded = async () =>
      (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id')).rows;
    const functions = async (database: PGlite) =>
      (
        await database.query<{ name: string; body: string }>(`
          select proname as name, prosrc as body from pg_proc
          where pronamespace = 'public'::regnamespace and prorettype = 'trigger'::regtype order by proname`)
      ).rows;

    // As a release before the function files migrated it: drizzle's own runner, over the files as they were.
    await migrate(drizzle(client), { migrationsFolder: earlier });
    const ranBefore = await recorded();
    expect(ranBefore).toHaveLength(upTo);
    expect(await functions(client)).not.toEqual([]);

    await runMigrations(drizzle(client));
    const ranAfter = await recorded();
    expect(ranAfter.slice(0, upTo)).toEqual(ranBefore);
    expect(ranAfter.map((row) => row.hash)).toEqual(readMigrations().map((migration) => migration.hash));
    await runMigrations(drizzle(fresh));
    expect(await functions(client)).toEqual(await functions(fresh));
  } finally {
    await client.close();
    await fresh.close();
    rmSync(earlier, { recursive: true, force: true });
  }
});
