import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { functionFile, functionsFolder, includesOf, migrationsFolder, readMigrations, sha256 } from '../src/db/migrate';
import { createTestApp, type TestApp } from './helper';

/**
 * The SHA-256 each migration already run on a database is recorded with. A migration once released is
 * never edited: a database that ran it would never run it again, and would differ from a new one.
 */
const RELEASED: ReadonlyArray<readonly [string, string]> = [
  ['0000_init', '05b39bad5bd77acd5d0d6144430d4d3ba85fe6bfb9aea57bf04ef81c72d82516'],
  ['0001_pg_trgm', 'fc27e97b9a61877f7f59d59a69c8c0bd2cd3271bc44b9f208800ed458d18a10b'],
  ['0002_services_name_search', '188fd069ff46b93cacb05ee223166b2a7cf79199f1a062137f681302ec6151e4'],
  ['0003_booking_totals', 'e44aef5daa0cf3bdebdd898a81098e67326dd11e81c52f5e03866b3c0e41d442'],
  ['0004_booking_positions', '9749be63c1ca18d7c50fdfe749ede2c96f7fff668d8da8d821888638f6ef0409'],
  ['0005_security_hardening', '1a9db6cf269decc24dbe69e14fbd47ff6a1aaafcddf9a9fbb2ef48bdeb3d7787'],
  ['0006_one_live_refresh_token', 'bc6c9c88e8448eb8a18e3116c2a7bcf0ff011ed90c11e1bfe73a47520811f2b0'],
  ['0007_bays', '55196e7d89f880c67252bc722217a610d54b2eee41e4fe0d24d5060bd2c98868'],
  ['0008_booking_lifecycle', 'e9075b5f0c5a04984728235cce6c4acc37f1211a6aea4a5c2ff4bda06eecf140'],
  ['0009_owner_view', 'dd297ba853d85f0f993266586f7939e15753287653c73a6eea5d88d89388b0d3'],
  ['0010_report_days', '18eab88cf25e3f1d00d0dc9f0cb32d1996f257b4f023a51e431b67386f0ad33b'],
  ['0011_app_secrets', '4f7731bff200d205d1a7f4de8e243e89e93c405bffd47121059a38807a73e886'],
  ['0012_images', '1743ab730aaa3200daeeefef4da03e2eeb975cc3e6b39df0ebb8032543c2540d'],
  ['0013_unpaid_hold_limits', '5d3c64965142c816b384aa8bc3500330c7d7094688c6b76051e94bc244c915c1'],
  ['0014_profile_image_uploads', 'c0afd4d42c56da817571b4bfcb570c66023d728b922d7d0518e7ad7e0362c565'],
  ['0015_client_origins', '533acfd451825ede909fad8c43ab5966a5a9c2533f454c96aac9f27f7877536a'],
  ['0016_functions_in_files', 'be856e2578f6ef5f29ec686cc67720230f6a9ef4083183badbd62d8d6b969aa9'],
];

const journal = (): Array<{ tag: string }> =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries;
const migrationText = (tag: string) => readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');

/** Runs of whitespace as one space, none at the ends: the database keeps a body's text as it was given. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A trigger's function, or one the API calls (`reserve_booking`, its parameters and what it answers). */
const FUNCTION_FILE =
  /^(?:--.*\n)*CREATE OR REPLACE FUNCTION "([a-z0-9_]+)"\((?:\) RETURNS trigger|[^()]+\)) LANGUAGE (\w+) AS \$\$([\s\S]*)\$\$;\n$/;

/** A function's file read as the one statement it must be: its name, language and body. */
const parsedFunctionFile = (name: string) => {
  const match = FUNCTION_FILE.exec(functionFile(name));
  if (!match) throw new Error(`functions/${name}.sql is not one CREATE OR REPLACE FUNCTION`);
  return { name: match[1], language: match[2], body: String(match[3]) };
};

const functionNames = () =>
  readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();

/**
 * The triggers `schema.ts` names above each table: `//   <trigger> → <function>: …` lines under its
 * "Triggers on its writes" comment.
 */
const triggersInSchema = (): Record<string, string[]> => {
  const schema = readFileSync(path.resolve(import.meta.dirname, '../src/db/schema.ts'), 'utf8');
  const named: Record<string, string[]> = {};
  for (const match of schema.matchAll(/((?:^\/\/.*\n)+)export const \w+ = pgTable\(\s*'([a-z_]+)'/gm)) {
    const pairs = [...String(match[1]).matchAll(/^\/\/\s+(\w+) → (\w+):/gm)].map(
      ([, trigger, fn]) => `${trigger} → ${fn}`,
    );
    if (pairs.length > 0) named[String(match[2])] = pairs.sort();
  }
  return named;
};

let t: TestApp;
let database: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => {
  await t.close();
});

/** The rows of a query: both drivers answer with them under `rows`. */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the database's code", () => {
  it('is the functions of db/functions, as their files define them', async () => {
    // The extensions' functions (pg_trgm's) are written in C.
    const defined = await rows<{ name: string; language: string; body: string }>(sql`
      select p.proname as name, l.lanname as language, p.prosrc as body
      from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'public'::regnamespace and l.lanname in ('plpgsql', 'sql')
      order by p.proname`);
    expect(defined.map((fn) => fn.name)).toEqual(functionNames());
    for (const fn of defined) {
      const file = parsedFunctionFile(fn.name);
      expect(file.name, `functions/${fn.name}.sql`).toBe(fn.name);
      expect(file.language, fn.name).toBe(fn.language);
      expect(normalised(file.body), fn.name).toBe(normalised(fn.body));
    }
  });

  it('is named beside each table in schema.ts, trigger by trigger, with the function it runs', async () => {
    const triggers = await rows<{ table: string; trigger: string; fn: string }>(sql`
      select c.relname as "table", t.tgname as "trigger", p.proname as fn
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`);
    const inDatabase: Record<string, string[]> = {};
    for (const { table, trigger, fn } of triggers)
      inDatabase[table] = [...(inDatabase[table] ?? []), `${trigger} → ${fn}`];
    for (const list of Object.values(inDatabase)) list.sort();
    expect(triggersInSchema()).toEqual(inDatabase);
  });

  it('changes only through a new migration that includes the changed file', () => {
    const latest = new Map<string, { tag: string; sha256: string }>();
    for (const { tag } of journal()) {
      for (const include of includesOf(migrationText(tag))) latest.set(include.name, { tag, sha256: include.sha256 });
    }
    for (const name of functionNames()) {
      const included = latest.get(name);
      expect(included, `functions/${name}.sql is included by no migration`).toBeDefined();
      // The file changed since the last migration that includes it: a database that ran that migration keeps
      // the function as it was then. Include the file again in a new migration.
      expect(sha256(functionFile(name)), `functions/${name}.sql as ${included?.tag} included it`).toBe(
        included?.sha256,
      );
    }
  });
});

describe('the migrations', () => {
  it('are recorded, as already run ones were, with the hash of their file as written', async () => {
    const migrations = readMigrations();
    const tags = journal().map((entry) => entry.tag);
    expect(tags.slice(0, RELEASED.length)).toEqual(RELEASED.map(([tag]) => tag));
    expect(migrations.slice(0, RELEASED.length).map((migration) => migration.hash)).toEqual(
      RELEASED.map(([, hash]) => hash),
    );
    migrations.forEach((migration, index) => {
      expect(migration.hash, tags[index]).toBe(sha256(migrationText(String(tags[index]))));
    });
    const recorded = await rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations order by id`);
    expect(recorded.map((row) => row.hash)).toEqual(migrations.map((migration) => migration.hash));
  });

  it('run a migration that includes nothing exactly as written, and an include as its file', () => {
    const asWritten = readMigrationFiles({ migrationsFolder });
    const asRun = readMigrations();
    asRun.forEach((migration, index) => {
      const tag = String(journal()[index]?.tag);
      const includes = includesOf(migrationText(tag));
      if (includes.length === 0) {
        expect(migration.sql, tag).toEqual(asWritten[index]?.sql);
        return;
      }
      const text = migration.sql.join('\n');
      expect(text, tag).not.toMatch(/^-- include /m);
      for (const { name } of includes) expect(text, `${tag}: ${name}`).toContain(functionFile(name));
    });
  });
});
