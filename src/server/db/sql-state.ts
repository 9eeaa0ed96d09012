/**
 * Errors of the database drivers. drizzle wraps the driver's error in a DrizzleQueryError whose
 * message and `params` hold every parameter of the query: read the driver's fields from `cause`,
 * and never log the wrapper itself (http/logging.ts).
 */

type DriverError = {
  code?: unknown
  table?: unknown
  column?: unknown
  constraint?: unknown
  routine?: unknown
  message?: unknown
}

/** The driver's error (pg or PGlite) inside `error`, wrapped or not: the first with a SQLSTATE. */
export function driverErrorOf(error: unknown): (DriverError & { code: string }) | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as DriverError).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DriverError & { code: string }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** The SQLSTATE of a database error, wrapped or not. */
export const sqlStateOf = (error: unknown): string | undefined => driverErrorOf(error)?.code

/**
 * A data exception (SQLSTATE class 22): a value PostgreSQL cannot hold, such as the character
 * U+0000 (22P05, 22021) or a number out of range. The request is at fault, not the server.
 */
export const isDataException = (error: unknown): boolean => sqlStateOf(error)?.startsWith('22') ?? false
