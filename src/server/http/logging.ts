import type { FastifyServerOptions } from 'fastify'
import { driverErrorOf } from '../db/sql-state'

/**
 * The server's log never holds a request's body or a query's parameters, and no line is longer than
 * MAX_LOG_LINE_BYTES (issue 33: one refused 2.1 MB draw wrote 6.3 MB of log). Errors are logged as a
 * short summary (`serializeError`), whoever logs them; a line that is still too long is cut
 * (`capLogLine`, pino's last step before writing).
 */

/** The longest line the log writes, newline included: under 4 KB. */
export const MAX_LOG_LINE_BYTES = 4000
const MAX_MESSAGE = 300
const MAX_FRAMES = 8
const MAX_FIELD = 200

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

/** The stack's frames only: its first line repeats the message, which may hold parameters. */
const framesOf = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .slice(0, MAX_FRAMES)
        .map((line) => cut(line, MAX_FIELD))
        .join('\n')
    : ''

/** A short name of the driver's field, never a value: table, column, constraint names. */
const nameOf = (value: unknown) => (typeof value === 'string' ? cut(value, 100) : undefined)

/**
 * What the log says of an error: its type, code, a short message and the stack's frames. A
 * database error is told by its SQLSTATE and the names of what it concerns; its message is kept
 * only up to the first ': ' (PostgreSQL quotes the offending value after it), and drizzle's
 * wrapper, whose message lists every parameter of the query, is never read.
 */
export type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string }

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== 'object')
    return { type: typeof error, message: cut(String(error), MAX_MESSAGE), stack: '' }
  const e = error as { name?: unknown; message?: unknown; code?: unknown; status?: unknown; cause?: unknown }
  const driver = driverErrorOf(error)
  if (driver) {
    const message = typeof driver.message === 'string' ? driver.message.split(': ')[0] : undefined
    return {
      type: 'DatabaseError',
      sqlState: driver.code,
      message: message === undefined ? '' : cut(message, MAX_FIELD),
      table: nameOf(driver.table),
      column: nameOf(driver.column),
      constraint: nameOf(driver.constraint),
      routine: nameOf(driver.routine),
      stack: framesOf((error as { stack?: unknown }).stack),
    }
  }
  const wrapsQuery = 'params' in e && 'query' in e
  return {
    type: typeof e.name === 'string' ? cut(e.name, 100) : (error.constructor?.name ?? 'object'),
    message: wrapsQuery
      ? 'database query failed'
      : typeof e.message === 'string'
        ? cut(e.message, MAX_MESSAGE)
        : '',
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    status: typeof e.status === 'number' ? e.status : undefined,
    stack: framesOf((error as { stack?: unknown }).stack),
    cause: e.cause !== undefined && depth < 2 ? serializeError(e.cause, depth + 1) : undefined,
  }
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string }

/** A request as the log names it: method, address (cut) and client address. Never its body. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? cut(request.url, MAX_FIELD) : undefined,
    host: typeof request.host === 'string' ? cut(request.host, 100) : undefined,
    remoteAddress: request.ip,
  }
}

/**
 * The line as written when it fits in MAX_LOG_LINE_BYTES; otherwise a line with its short fields
 * only (level, time, request id, the message cut…), the mark `truncated` and how long it was.
 */
export function capLogLine(line: string): string {
  // Each UTF-16 code unit is at most 3 bytes of UTF-8: short lines need no counting.
  if (line.length * 3 <= MAX_LOG_LINE_BYTES) return line
  const bytes = Buffer.byteLength(line)
  if (bytes <= MAX_LOG_LINE_BYTES) return line
  const short: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'number' || typeof value === 'boolean') short[key] = value
      else if (typeof value === 'string' && (key === 'msg' || value.length <= MAX_FIELD))
        short[key] = cut(value, MAX_FIELD)
    }
  } catch {
    short.msg = 'log line that is not JSON'
  }
  const capped = `${JSON.stringify({ ...short, truncated: true, bytes })}\n`
  return Buffer.byteLength(capped) <= MAX_LOG_LINE_BYTES
    ? capped
    : `${JSON.stringify({ level: short.level, time: short.time, msg: 'log line cut', truncated: true, bytes })}\n`
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/** The logger's options: `level`, with any the caller adds (tests: a stream), and the limits above. */
export function loggerOptions(
  level: string,
  given: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (given === false) return false
  const options: LoggerOptions = typeof given === 'object' && given !== null ? given : { level }
  return {
    level,
    ...options,
    serializers: { req: serializeRequest, err: (error: unknown) => serializeError(error) },
    hooks: { streamWrite: capLogLine },
  }
}
