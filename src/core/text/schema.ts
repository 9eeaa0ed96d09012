import * as z from 'zod/mini'
import { isTextMessage, unstorableText } from './storable'

/**
 * A string schema that refuses what PostgreSQL cannot store (storable.ts), with at most `max`
 * UTF-16 code units when given. Every schema in src/core that reads text from a request uses it.
 */
export const storableString = (max?: number) =>
  z.string().check(
    ...(max === undefined ? [] : [z.maxLength(max)]),
    z.superRefine((value, ctx) => {
      const problem = unstorableText(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value })
    }),
  )

/** The refusal of unstorable text among a failed parse's issues, if there is one. */
export function textProblemOf(error: { issues: readonly { message: string }[] }): string | null {
  return error.issues.find((issue) => isTextMessage(issue.message))?.message ?? null
}
