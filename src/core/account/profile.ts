import * as z from 'zod/mini'
import { LOCALES } from '../i18n/locales'
import { PLAN_TYPES, type SubscriptionStatus } from '../plan/definition'

/** The user profile as the server sends it (dates as ISO strings). */
export const profileSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  planType: z.enum(PLAN_TYPES),
  // Any text reads (SPEC: other values can arrive); the known ones are named by the type.
  subscriptionStatus: z.string() as z.ZodMiniType<SubscriptionStatus | (string & {})>,
  subscriptionId: z.nullable(z.string()),
  subscriptionExpiresAt: z.nullable(z.string()),
  /** The user's language, which the mails to them are written in (null: not chosen yet). */
  locale: z.optional(z.nullable(z.enum(LOCALES))),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type Profile = z.infer<typeof profileSchema>

/** What GET /api/auth-config tells the sign-in modal. */
export const authConfigSchema = z.object({ google: z.boolean() })
export type AuthConfig = z.infer<typeof authConfigSchema>
