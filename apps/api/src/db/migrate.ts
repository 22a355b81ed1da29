import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgSession } from 'drizzle-orm/pg-core';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** The database's own code (trigger functions), one `CREATE OR REPLACE FUNCTION` a file named after it. */
export const functionsFolder = path.resolve(import.meta.dirname, 'functions');

/**
 * A line of a migration that stands for a function's file: `-- include functions/<name>.sql <sha256>`, the
 * hash being the file's when the migration was written. A statement of its own (between breakpoints).
 */
const INCLUDE_LINE = /^-- include functions\/([a-z0-9_]+)\.sql ([0-9a-f]{64})[ \t]*$/gm;

export type Include = { name: string; sha256: string };

/** The SHA-256 of a text, as the include lines and the migrations table write it. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The text of the file of the function `name`. */
export const functionFile = (name: string) => readFileSync(path.join(functionsFolder, `${name}.sql`), 'utf8');

/** The functions a migration's text includes, in order. */
export const includesOf = (text: string): Include[] =>
  [...text.matchAll(INCLUDE_LINE)].map(([, name, hash]) => ({ name: String(name), sha256: String(hash) }));

/**
 * The migrations as the database runs them: each include line replaced by its function's file as it is now.
 * The hash each one is recorded with stays the SHA-256 of its file as written (include lines and all), so a
 * migration that includes nothing runs, and is recorded, exactly as before.
 */
export function readMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => ({
    ...migration,
    sql: migration.sql.map((statement) => statement.replace(INCLUDE_LINE, (_line, name: string) => functionFile(name))),
  }));
}

/**
 * Runs the migrations not yet run, in one transaction, through a handle without the schema (they are raw SQL);
 * the caller makes sure only one process does at once.
 */
export async function runMigrations(db: PgDatabase<PgQueryResultHKT>): Promise<void> {
  // What drizzle's own migrators do, with the migrations read here: the session runs raw SQL only, whatever its
  // schema's type.
  await new PgDialect().migrate(readMigrations(), db._.session as PgSession, { migrationsFolder });
}
