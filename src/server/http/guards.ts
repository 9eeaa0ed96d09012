import type { FastifyRequest } from 'fastify'
import type { Profile } from '../../core/account/profile'
import { hasPremiumPlan } from '../../core/plan/plan'
import { HttpError } from './errors'

/** Who is asking: a signed-in session with its user's profile (read by auth/session-reader.ts). */
export type SessionRead = {
  userId: string
  sessionId: string
  email: string
  profile: Profile | null
  /** When the session ends (absent in reads made by hand, e.g. in tests). */
  expiresAt?: Date
}

export const PREMIUM_REQUIRED = 'This needs a Premium plan.'

/** Sessions already read by an onRequest hook below, so the handler does not read them twice. */
const checked = new WeakMap<FastifyRequest, SessionRead>()

/** The signed-in user of the request, or a 401 answer. Use in every endpoint that belongs to a user. */
export const requireUser = async (request: FastifyRequest): Promise<SessionRead> =>
  checked.get(request) ?? request.server.accounts.requireUser(request)

/**
 * onRequest hooks for routes with large bodies: the session (and the plan) are checked before a
 * byte of the body is read, so a visitor cannot make the server buffer megabytes.
 */
export const userBeforeBody = async (request: FastifyRequest): Promise<void> => {
  checked.set(request, await request.server.accounts.requireUser(request))
}
export const premiumBeforeBody =
  (message = PREMIUM_REQUIRED) =>
  async (request: FastifyRequest): Promise<void> => {
    checked.set(request, await requirePremium(request, message))
  }

/**
 * The signed-in premium user, or a 401 (not signed in) / 403 (`message`) answer. The server checks
 * the plan itself on every premium endpoint: the client's word never grants one.
 */
export async function requirePremium(
  request: FastifyRequest,
  message = PREMIUM_REQUIRED,
): Promise<SessionRead> {
  const user = await requireUser(request)
  if (!hasPremiumPlan(user.profile)) throw new HttpError(403, message)
  return user
}
