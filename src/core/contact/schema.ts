// Apart from rules.ts on purpose: the contact form in the browser needs only the rules, and keeping
// zod out of that import keeps it out of the contact page's code (bundle size). Only the server
// reads request bodies with this schema.
import * as z from 'zod/mini'
import { storableString } from '../text/schema'
import { validateContact } from './rules'

const text = storableString

/** What the browser sends to POST /api/contact. `website` is a honeypot that people never fill in. */
export const contactRequestSchema = z
  .strictObject({
    name: text(1000),
    email: text(1000),
    subject: text(1000),
    message: text(5000),
    type: text(50),
    website: z.optional(text(1000)),
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const [field, message] of Object.entries(validateContact(value))) {
        ctx.addIssue({ code: 'custom', path: [field], message, input: value })
      }
    }),
  )

export type ContactRequest = z.infer<typeof contactRequestSchema>
