/** What PostgreSQL (or PGlite) says about a failed statement: its SQLSTATE, constraint and detail. */
type DatabaseErrorFields = { code: string; constraint?: string; detail?: string };

/**
 * The database's own error behind `error`, whichever driver raised it and however the query builder
 * wrapped it (drizzle keeps the driver's error as `cause`). Undefined for anything else.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const fields = current as Error & Partial<DatabaseErrorFields>;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
      return { code: fields.code, constraint: fields.constraint, detail: fields.detail };
    }
    current = current.cause;
  }
  return undefined;
}

/** Whether `error` is the database refusing a write by the named constraint. */
export function violates(error: unknown, constraint: string): boolean {
  return databaseErrorOf(error)?.constraint === constraint;
}
