import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../core/account'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { accounts, sessions, users, verifications } from '../db/schema'
import type { Mailer } from '../mail/mailer'
import type { ProfileRepository } from '../profile/repository'
import { resetMail } from './reset-mail'

export const GOOGLE_PROVIDER_ID = 'google'
export const SESSION_DAYS = 30

type Log = {
  debug(obj: object, msg: string): void
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export type AuthDeps = {
  config: Config
  db: Db
  secret: string
  mailer: Mailer
  profiles: ProfileRepository
  log: Log
}

/** The page a reset mail links to. */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`

/**
 * better-auth on our own database: email and password with scrypt hashes, database sessions in an
 * HttpOnly SameSite=Lax cookie (Secure on https), password reset by mail, and Google through
 * OpenID Connect discovery (so tests can point it at a local provider). Its own rate limiter is
 * off: ours counts per IP and per email in the database, shared by every process.
 */
export function createAuth({ config, db, secret, mailer, profiles, log }: AuthDeps) {
  const https = config.publicUrl.startsWith('https://')
  const google = config.auth.google
  return betterAuth({
    appName: 'Whirl',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.auth.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Not awaited: the answer must take as long whether or not the email has an account.
      sendResetPassword: async ({ user, token }) => {
        const link = resetLink(config.publicUrl, token)
        if (mailer.kind === 'outbox') {
          log.info({ to: user.email, resetLink: link }, 'password reset link (outbox mode)')
        }
        mailer.send({ to: user.email, ...resetMail(user.name, link) }).catch((error: Error) => {
          log.error({ err: { message: error.message }, to: user.email }, 'password reset mail failed')
        })
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'whirl',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: 'Google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                // The account chooser every time, as the spec asks.
                prompt: 'select_account',
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : [],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await profiles.ensure(user.id)
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await profiles.ensure(session.userId)
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        const detail =
          args.length > 0 ? { detail: args.map((a) => (a instanceof Error ? a.message : a)) } : {}
        log[level === 'debug' ? 'debug' : level === 'error' ? 'error' : 'info'](detail, `auth: ${message}`)
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
