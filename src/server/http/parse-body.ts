import { textProblemOf } from '../../core/text/schema'
import { HttpError } from './errors'

export type Schema<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } }
}

/**
 * Reads a request body with a shared schema (src/core): a body of the wrong shape is a 400 with
 * `unreadable`; then the first product rule it breaks (`rule`, the same the client checks) is a
 * 400 with that rule's message. Text PostgreSQL cannot store (a NUL, a lone surrogate) is a 400 with
 * its own message (core/text). Nothing has been changed when any is thrown.
 */
export function parseBody<T>(
  schema: Schema<T>,
  body: unknown,
  unreadable: string | ((body: unknown) => string),
  rule?: (value: T) => string | null,
): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new HttpError(
      400,
      textProblemOf(parsed.error) ?? (typeof unreadable === 'string' ? unreadable : unreadable(body)),
    )
  const problem = rule?.(parsed.data)
  if (problem) throw new HttpError(400, problem)
  return parsed.data
}
