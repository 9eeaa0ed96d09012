import { z } from 'zod'
import { validateContact } from './contact'

/** What the browser sends to POST /api/contact. `website` is a honeypot that people never fill in. */
export const contactRequestSchema = z
  .object({
    name: z.string().max(1000),
    email: z.string().max(1000),
    subject: z.string().max(1000),
    message: z.string().max(5000),
    type: z.string().max(50),
    website: z.string().max(1000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(validateContact(value))) {
      ctx.addIssue({ code: 'custom', path: [field], message })
    }
  })

export type ContactRequest = z.infer<typeof contactRequestSchema>
