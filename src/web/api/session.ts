import type { Profile } from '../../core/account/profile'
import { readProfile } from '../../core/account/profile-check'
import { msg } from '../../core/i18n/message-id'
import type { Schema } from '../../core/schema'
import { t } from '../i18n/i18n'
import { ApiError, request } from './client'

// The calls every page makes (who is signed in, sign out), apart from the sign-in forms' calls in
// auth.ts so that a first visit loads only these.

/** Every account call reads one message for any answer it cannot use. */
const UNREADABLE = msg('Whirl sent an answer it could not read. Please try again.')
const unreadable = { empty: UNREADABLE, invalid: UNREADABLE }

// Checked by hand, not with zod: these calls are on every page's first load (profile-check.ts).
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{ profile: Profile | null }`. */
export const profileAnswer: Schema<{ profile: Profile | null }> = {
  safeParse(value) {
    if (!isRecord(value)) return { success: false }
    if (value.profile === null) return { success: true, data: { profile: null } }
    const profile = readProfile(value.profile)
    return profile ? { success: true, data: { profile } } : { success: false }
  },
}

const successAnswer: Schema<{ success: boolean }> = {
  safeParse: (value) =>
    isRecord(value) && typeof value.success === 'boolean'
      ? { success: true, data: { success: value.success } }
      : { success: false },
}

/** One call to the account endpoints. */
export const accountRequest = <T>(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  schema: Schema<T>,
  body?: unknown,
) => request(url, { method, schema, body, failure: UNREADABLE, unreadable })

/** The profile of an answer that must have one. */
export const profileOf = async (answer: Promise<{ profile: Profile | null }>): Promise<Profile> => {
  const { profile } = await answer
  if (!profile) throw new ApiError(200, t(UNREADABLE))
  return profile
}

export const sessionApi = {
  /** The signed-in user's profile, or null for a visitor. */
  session: async (): Promise<Profile | null> =>
    (await accountRequest('GET', '/api/session', profileAnswer)).profile,
  logout: () => accountRequest('POST', '/api/account/logout', successAnswer, {}),
}
