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

/** Socket errors of a connection to the database that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not there to answer: class 08 (connection exception), the server shutting
 * down or starting (57P01–57P03), too many connections (53300), and a statement cancelled for outlasting
 * the pool's `statement_timeout` (57014).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;

/**
 * How the pg driver and pool's own errors begin when a connection cannot be made, is lost, or stops
 * answering. Anchored at the start: a wrapped query error quotes its SQL and parameters, never matched.
 */
const CONNECTION_FAILURE_MESSAGE =
  /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether `error` (or what it wraps) says that the database could not be reached or stopped answering, as
 * opposed to refusing the statement: worth trying again shortly, and no fault of the request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (CONNECTION_FAILURE_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
