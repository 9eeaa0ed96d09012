import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Profile } from '../../core/account/profile'
import { DISPLAY_NAME_MAX, defaultDisplayName } from '../../core/account/rules'
import { isLocale, type Locale } from '../../core/i18n/locales'
import type { PlanType } from '../../core/plan/definition'
import type { Db } from '../db/client'
import { profiles, users } from '../db/schema'
import type { ProfileEvents } from '../events/events'

type ProfileRow = typeof profiles.$inferSelect

/** The plan fields only the server may change (billing: activation, verification, webhooks). */
export type PlanUpdate = Partial<{
  planType: PlanType
  subscriptionStatus: string
  subscriptionId: string | null
  subscriptionExpiresAt: Date | null
}>

export type ProfileRepository = {
  get(userId: string): Promise<Profile | null>
  /**
   * Creates the profile of an existing user if it has none (registration, first sign-in), in
   * `locale` when given (the language the user signed up in).
   */
  ensure(userId: string, locale?: Locale): Promise<Profile | null>
  /** Changes the user's language (the mails') and tells every subscriber. */
  updateLocale(userId: string, locale: Locale): Promise<Profile | null>
  /** The user's stored language, if any (mails). */
  localeOf(userId: string): Promise<Locale | null>
  /** Changes the display name (profile and auth user alike) and tells every subscriber. */
  updateDisplayName(userId: string, displayName: string): Promise<Profile | null>
  /**
   * Changes plan fields and tells every subscriber. Never reachable from a user's request body.
   * With `onlyIf`, the row changes only while that condition holds (null when it no longer did).
   */
  updatePlan(userId: string, update: PlanUpdate, onlyIf?: SQL): Promise<Profile | null>
}

export function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    planType: row.planType,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionId: row.subscriptionId,
    subscriptionExpiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    locale: isLocale(row.locale) ? row.locale : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A name from an identity provider, made to fit the display-name rules; falls back to the email. */
export function initialDisplayName(name: string | null | undefined, email: string): string {
  const cleaned = [...(name ?? '').replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '').trim()]
    .slice(0, DISPLAY_NAME_MAX)
    .join('')
    .trim()
  return cleaned || defaultDisplayName(email)
}

export function createProfileRepository(db: Db, events: ProfileEvents): ProfileRepository {
  const get = async (userId: string) => {
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
    return row ? toProfile(row) : null
  }

  const changed = async (userId: string, row: ProfileRow | undefined) => {
    if (!row) return null
    await events.publish(userId)
    return toProfile(row)
  }

  return {
    get,

    async ensure(userId, locale) {
      const existing = await get(userId)
      if (existing) return existing
      const [user] = await db.select().from(users).where(eq(users.id, userId))
      if (!user) return null
      await db
        .insert(profiles)
        .values({
          userId,
          email: user.email,
          displayName: initialDisplayName(user.name, user.email),
          locale: locale ?? null,
          createdAt: user.createdAt,
        })
        .onConflictDoNothing()
      return get(userId)
    },

    async updateDisplayName(userId, displayName) {
      const name = displayName.trim()
      const row = await db.transaction(async (tx) => {
        await tx.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, userId))
        const [updated] = await tx
          .update(profiles)
          .set({ displayName: name, updatedAt: sql`now()` })
          .where(eq(profiles.userId, userId))
          .returning()
        return updated
      })
      return changed(userId, row)
    },

    async updateLocale(userId, locale) {
      const [row] = await db
        .update(profiles)
        .set({ locale, updatedAt: sql`now()` })
        .where(eq(profiles.userId, userId))
        .returning()
      return changed(userId, row)
    },

    async localeOf(userId) {
      const [row] = await db
        .select({ locale: profiles.locale })
        .from(profiles)
        .where(eq(profiles.userId, userId))
      return isLocale(row?.locale) ? row.locale : null
    },

    async updatePlan(userId, update, onlyIf) {
      // Only the plan fields, whatever else the object carries at run time.
      const { planType, subscriptionStatus, subscriptionId, subscriptionExpiresAt } = update
      const [row] = await db
        .update(profiles)
        .set({ planType, subscriptionStatus, subscriptionId, subscriptionExpiresAt, updatedAt: sql`now()` })
        .where(onlyIf ? and(eq(profiles.userId, userId), onlyIf) : eq(profiles.userId, userId))
        .returning()
      return changed(userId, row)
    },
  }
}
