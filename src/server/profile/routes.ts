import type { FastifyInstance } from 'fastify'
import { ACCOUNT_MESSAGES, displayNameError, profileUpdateSchema } from '../../core/account/rules'
import { requireUser } from '../http/guards'
import { parseBody } from '../http/parse-body'
import { stateChanging } from '../http/state-changing'
import { type ProfileStreamOptions, registerProfileStream } from './stream'

/** Display-name changes allowed per client address per minute (each one reaches every open stream). */
export const PROFILE_EDIT_RATE_LIMIT = { max: 30, timeWindow: 60_000 }

/** Why a profile update was refused: a body naming other fields is told only the name can change. */
function unreadableProfile(body: unknown): string {
  const object = typeof body === 'object' && body !== null && !Array.isArray(body)
  const onlyKnown = object && Object.keys(body).every((key) => key === 'displayName')
  return object && !onlyKnown ? ACCOUNT_MESSAGES.onlyDisplayName : ACCOUNT_MESSAGES.unreadable
}

/**
 * The signed-in user's profile: read it, change the display name (nothing else), and follow it
 * live. Every route checks the session.
 */
export function registerProfileRoutes(app: FastifyInstance, stream: ProfileStreamOptions = {}): void {
  const { accounts } = app
  const { profiles } = accounts

  // The app asks this on start: the profile when signed in, null otherwise (never a 401).
  app.get('/api/session', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.currentUser(request, reply)
    return { profile: user ? await profiles.ensure(user.userId) : null }
  })

  app.get('/api/profile', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return { profile: user.profile ?? (await profiles.ensure(user.userId)) }
  })

  stateChanging(app, (scope) =>
    scope.patch('/api/profile', { config: { rateLimit: PROFILE_EDIT_RATE_LIMIT } }, async (request) => {
      const user = await requireUser(request)
      // Plan and subscription fields belong to the server: a body that names any is refused whole.
      const { displayName } = parseBody(profileUpdateSchema, request.body, unreadableProfile, (b) =>
        displayNameError(b.displayName),
      )
      await profiles.ensure(user.userId)
      return { profile: await profiles.updateDisplayName(user.userId, displayName) }
    }),
  )

  registerProfileStream(app, stream)
}
