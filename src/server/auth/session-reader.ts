import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { profiles, sessions, users } from '../db/schema'
import type { SessionRead } from '../http/guards'
import { toProfile } from '../profile/repository'

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
 * The session token of a signed session cookie's value, as better-auth signs it: `token.signature`,
 * the signature being base64 HMAC-SHA256 of the token with the auth secret. Null when the signature
 * does not match.
 */
function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

const VERIFIED_MAX = 10_000

/**
 * The fast read of a session for endpoints that only need to know who is asking: the signature is
 * checked here, then one query finds the unexpired session with its user's profile. Sign-in,
 * sign-out and session refresh stay with better-auth. With a cache, a session read once is served from
 * memory until an event of its user (session-cache.ts).
 */
export function createSessionReader(
  db: Db,
  secret: string,
  cookieName: () => Promise<string>,
  cache?: { get(token: string, load: () => Promise<SessionRead | null>): Promise<SessionRead | null> },
) {
  // Prepared once per connection: the server parses and plans it once, not on every request.
  const query = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      profile: {
        displayName: profiles.displayName,
        email: profiles.email,
        planType: profiles.planType,
        subscriptionStatus: profiles.subscriptionStatus,
        subscriptionId: profiles.subscriptionId,
        subscriptionExpiresAt: profiles.subscriptionExpiresAt,
        locale: profiles.locale,
        createdAt: profiles.createdAt,
        updatedAt: profiles.updatedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('whirl_read_session')

  // Cookie values whose signature checked out, with their token: an HMAC per request was about 2 %
  // of a cached request's CPU. Only good signatures are kept (a forged value is checked every time),
  // and at most VERIFIED_MAX of them.
  const verified = new Map<string, string>()
  const tokenOf = async (cookieHeader: string): Promise<string | null> => {
    const value = cookieValue(cookieHeader, await cookieName())
    if (!value) return null
    const known = verified.get(value)
    if (known !== undefined) return known
    const token = signedToken(value, secret)
    if (token === null) return null
    if (verified.size >= VERIFIED_MAX) verified.clear()
    verified.set(value, token)
    return token
  }

  return async function readSession(cookieHeader: string | undefined): Promise<SessionRead | null> {
    if (!cookieHeader) return null
    const token = await tokenOf(cookieHeader)
    if (!token) return null
    return cache ? cache.get(token, () => load(token)) : load(token)
  }

  async function load(token: string): Promise<SessionRead | null> {
    const [row] = await query.execute({ token })
    if (!row) return null
    const { userId, profile } = row
    return {
      userId,
      sessionId: row.sessionId,
      email: row.email,
      expiresAt: row.expiresAt,
      profile: profile ? toProfile({ userId, ...profile }) : null,
    }
  }
}
