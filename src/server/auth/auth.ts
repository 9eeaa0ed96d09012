import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { betterAuth } from 'better-auth/minimal'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../core/account/rules'
import { type AnyLocale, DEFAULT_LOCALE, localizedPath } from '../../core/i18n/locales'
import type { Config } from '../config/config'
import type { Db } from '../db/client'
import { accounts, sessions, users, verifications } from '../db/schema'
import { chosenLocale, localeOfHeader } from '../i18n/translate'
import type { Mailer } from '../mail/mailer'
import type { ProfileRepository } from '../profile/repository'
import { quietBetweenCalls } from './quiet-context'
import { resetMail } from './reset-mail'
import { testPasswordHash } from './test-password-hash'
import { claimUnverifiedAccount, markVerified, verificationMail } from './verification'

export const GOOGLE_PROVIDER_ID = 'google'
export const SESSION_DAYS = 30
/** better-auth extends a session in use once this long after its last extension (its `updateAge`). */
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60

/** Whether better-auth would extend a session ending at `expiresAt` if it were read now. */
export const dueForExtension = (expiresAt: Date, now = Date.now()) =>
  expiresAt.getTime() - SESSION_DAYS * 24 * 60 * 60 * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now

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
  /** Called after a session is deleted (sign-out): every process forgets its cached copy. */
  onSessionEnded?: (userId: string) => Promise<void>
  /** Runs a mail that the answer does not wait for; the app waits for it when it stops. */
  inBackground?: (task: Promise<void>) => void
}

/** The page a reset mail links to (in the mail's language). */
export const resetLink = (publicUrl: string, token: string, locale: AnyLocale = DEFAULT_LOCALE) =>
  `${publicUrl}${localizedPath(locale, '/reset-password')}?token=${encodeURIComponent(token)}`

/**
 * better-auth on our own database: email and password with scrypt hashes, database sessions in an
 * HttpOnly SameSite=Lax cookie (Secure on https), password reset by mail, and Google through
 * OpenID Connect discovery (so tests can point it at a local provider). Its own rate limiter is
 * off: ours counts per IP and per email in the database, shared by every process.
 */
export function createAuth(deps: AuthDeps) {
  // Its AsyncLocalStorage is on only while one of its calls is under way (quiet-context.ts).
  return quietBetweenCalls(betterAuthOf(deps))
}

function betterAuthOf({
  config,
  db,
  secret,
  mailer,
  profiles,
  log,
  onSessionEnded,
  inBackground = (task) => void task,
}: AuthDeps) {
  /** A mail's language: the user's stored one, else that of the request that caused it. */
  const mailLocale = async (userId: string, request?: Request): Promise<AnyLocale> =>
    (await profiles.localeOf(userId)) ?? localeOfHeader(request?.headers.get('accept-language') ?? undefined)
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
      // Under NODE_ENV=test only: a cheaper scrypt (test-password-hash.ts); else better-auth's own.
      ...(config.auth.passwordHash === 'test' ? { password: testPasswordHash } : {}),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Only the owner of the address receives the reset mail: a reset that worked proves it.
      onPasswordReset: async ({ user }) => markVerified(db, user.id),
      // Not awaited: the answer must take as long whether or not the email has an account.
      sendResetPassword: async ({ user, token }, request) => {
        inBackground(
          (async () => {
            const locale = await mailLocale(user.id, request)
            const link = resetLink(config.publicUrl, token, locale)
            await mailer.send({ to: user.email, ...resetMail(locale, user.name, link) })
          })().catch((error: Error) => {
            log.error({ err: { message: error.message }, to: user.email }, 'password reset mail failed')
          }),
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      // Not awaited, like the reset mail.
      sendVerificationEmail: async ({ user, url }, request) => {
        inBackground(
          (async () => {
            const locale = await mailLocale(user.id, request)
            await mailer.send({ to: user.email, ...verificationMail(locale, user.name, url) })
          })().catch((error: Error) => {
            log.error({ err: { message: error.message } }, 'verification mail failed')
          }),
        )
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: SESSION_UPDATE_AGE_S },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'whirl',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    account: {
      // Google may sign in to an account of its address that was never confirmed: the account is
      // then claimed (its password login removed, the owner told), see claimUnverifiedAccount.
      accountLinking: {
        enabled: true,
        trustedProviders: [GOOGLE_PROVIDER_ID],
        requireLocalEmailVerified: false,
      },
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
          // In the language the user signed up in (the web sends its page's language).
          after: async (user, context) => {
            await profiles.ensure(user.id, chosenLocale(context?.headers?.get('accept-language')))
          },
        },
      },
      account: {
        create: {
          after: async (account, context) => {
            if (account.providerId === GOOGLE_PROVIDER_ID) {
              const locale = localeOfHeader(context?.headers?.get('accept-language') ?? undefined)
              await claimUnverifiedAccount(
                { db, mailer, log, onSessionsEnded: onSessionEnded, locale },
                account.userId,
              )
            }
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await profiles.ensure(session.userId)
          },
        },
        delete: {
          after: async (session) => {
            await onSessionEnded?.(session.userId)
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

export type BetterAuth = ReturnType<typeof createAuth>
