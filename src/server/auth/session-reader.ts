import { createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Profile } from '../../core/account'
import type { Db } from '../db/client'
import { profiles, sessions, users } from '../db/schema'
import { toProfile } from '../profile/repository'

export type SessionRead = { userId: string; sessionId: string; email: string; profile: Profile | null }

/** The value of one cookie in a Cookie header, URI-decoded; null when absent or malformed. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

/**
 * The session token of a signed session cookie, as better-auth signs it: `token.signature`, the
 * signature being base64 HMAC-SHA256 of the token with the auth secret. Null when the signature
 * does not match.
 */
export function verifiedToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  const value = cookieValue(cookieHeader, cookieName)
  if (!value) return null
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/**
 * The fast read of a session for endpoints that only need to know who is asking: the signature is
 * checked here, then one query finds the unexpired session with its user's profile. Sign-in,
 * sign-out and session refresh stay with better-auth.
 */
export function createSessionReader(db: Db, secret: string, cookieName: () => Promise<string>) {
  return async function readSession(cookieHeader: string | undefined): Promise<SessionRead | null> {
    if (!cookieHeader) return null
    const token = verifiedToken(cookieHeader, await cookieName(), secret)
    if (!token) return null
    const result = await db.execute<Record<string, unknown>>(sql`
      select ${sessions.id} as session_id, ${users.id} as user_id, ${users.email} as user_email,
        ${profiles.displayName} as p_display_name, ${profiles.email} as p_email,
        ${profiles.planType} as p_plan_type, ${profiles.subscriptionStatus} as p_status,
        ${profiles.subscriptionId} as p_subscription_id, ${profiles.subscriptionExpiresAt} as p_expires_at,
        ${profiles.createdAt} as p_created_at, ${profiles.updatedAt} as p_updated_at
      from ${sessions}
      join ${users} on ${users.id} = ${sessions.userId}
      left join ${profiles} on ${profiles.userId} = ${sessions.userId}
      where ${sessions.token} = ${token} and ${sessions.expiresAt} > now()`)
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]
    if (!row) return null
    const userId = String(row.user_id)
    const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)))
    const profile =
      row.p_display_name == null
        ? null
        : toProfile({
            userId,
            displayName: String(row.p_display_name),
            email: String(row.p_email),
            planType: row.p_plan_type as 'free' | 'monthly',
            subscriptionStatus: String(row.p_status),
            subscriptionId: (row.p_subscription_id as string | null) ?? null,
            subscriptionExpiresAt: row.p_expires_at == null ? null : date(row.p_expires_at),
            createdAt: date(row.p_created_at),
            updatedAt: date(row.p_updated_at),
          })
    return { userId, sessionId: String(row.session_id), email: String(row.user_email), profile }
  }
}
