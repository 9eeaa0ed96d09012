import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { profileSchema } from '../../core/account/profile'
import { ACCOUNT_MESSAGES, displayNameError, profileUpdateSchema } from '../../core/account/rules'
import { HttpError } from '../http/errors'
import { requireUser, userBeforeBody } from '../http/guards'
import { answers, noQuery } from '../http/openapi'
import { stateChanging } from '../http/state-changing'
import { type ProfileStreamOptions, registerProfileStream } from './stream'

/** Display-name changes allowed per client address per minute (each one reaches every open stream). */
export const PROFILE_EDIT_RATE_LIMIT = { max: 30, timeWindow: 60_000 }

/** The profile (null only when the account was deleted meanwhile). */
const profileAnswer = z.object({ profile: z.nullable(profileSchema) })

/** Why a profile update was refused: a body naming other fields is told only the name can change. */
function unreadableProfile({ body }: { body: unknown }): string {
  const object = typeof body === 'object' && body !== null && !Array.isArray(body)
  const onlyKnown = object && Object.keys(body).every((key) => key === 'displayName' || key === 'locale')
  return object && !onlyKnown ? ACCOUNT_MESSAGES.onlyDisplayName : ACCOUNT_MESSAGES.unreadable
}

/** The profile routes and stream (below); options: the stream's timing and caps (tests). */
export const profilePlugin = fp(
  async (app: FastifyInstance, options: ProfileStreamOptions) => {
    registerProfileRoutes(app, options)
  },
  {
    name: 'whirl-profile',
    dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-rate-limits', 'whirl-database', 'whirl-accounts'],
  },
)

/**
 * The signed-in user's profile: read it, change the display name and the language (nothing else),
 * and follow it live. Every route checks the session.
 */
function registerProfileRoutes(app: FastifyInstance, stream: ProfileStreamOptions = {}): void {
  const { accounts } = app
  const { profiles } = accounts
  const api = app.withTypeProvider<ZodTypeProvider>()

  // The app asks this on start: the profile when signed in, null otherwise (never a 401).
  const session = {
    querystring: noQuery,
    response: answers({ 200: z.object({ profile: z.nullable(profileSchema) }) }),
  }
  api.get('/api/session', { schema: session }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.currentUser(request, reply)
    return { profile: user ? (user.profile ?? (await profiles.ensure(user.userId))) : null }
  })

  const profile = { querystring: noQuery, response: answers({ 200: profileAnswer }) }
  api.get('/api/profile', { schema: profile }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return { profile: user.profile ?? (await profiles.ensure(user.userId)) }
  })

  // Plan and subscription fields belong to the server: a body that names any is refused whole.
  const update = {
    schema: { body: profileUpdateSchema, response: answers({ 200: profileAnswer }) },
    // The session first (401), then the body (400).
    preValidation: userBeforeBody,
    config: { rateLimit: PROFILE_EDIT_RATE_LIMIT, invalid: unreadableProfile },
  }
  stateChanging(app, (scope) =>
    scope.withTypeProvider<ZodTypeProvider>().patch('/api/profile', update, async (request) => {
      const user = await requireUser(request)
      const { displayName, locale } = request.body
      const problem = displayName === undefined ? null : displayNameError(displayName)
      if (problem) throw new HttpError(400, problem)
      let profile = await profiles.ensure(user.userId)
      if (locale !== undefined) profile = await profiles.updateLocale(user.userId, locale)
      if (displayName !== undefined) profile = await profiles.updateDisplayName(user.userId, displayName)
      return { profile }
    }),
  )

  registerProfileStream(app, stream)
}
