import { and, eq } from 'drizzle-orm'
import { type AnyLocale, DEFAULT_LOCALE } from '../../core/i18n/locales'
import type { Db } from '../db/client'
import { accounts, profiles, sessions, users } from '../db/schema'
import { storedLocale, translator } from '../i18n/translate'
import { greetingOf } from '../mail/compose'
import type { Mailer } from '../mail/mailer'

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void }

/** The mail sent at registration, in the user's language: the link that proves the address is theirs. */
export function verificationMail(locale: AnyLocale, name: string, link: string) {
  const t = translator(locale)
  return {
    subject: t('Confirm your Whirl email address'),
    text: [
      greetingOf(locale, name),
      '',
      t('Welcome to Whirl. Please confirm that this address is yours by opening this link:'),
      '',
      link,
      '',
      t('If you did not create a Whirl account, ignore this mail.'),
      '',
      'Whirl',
    ].join('\n'),
  }
}

/** The mail telling an owner that Google sign-in took over an unconfirmed account. */
export function claimedMail(locale: AnyLocale, name: string) {
  const t = translator(locale)
  return {
    subject: t('Your Whirl account now signs in with Google'),
    text: [
      greetingOf(locale, name),
      '',
      t(
        'Someone signed in to Whirl with the Google account of this address. The Whirl account of this address had never been confirmed, so it now signs in with Google only: its password no longer works, and every other session was signed out.',
      ),
      '',
      t('If this was you, there is nothing to do. If it was not, secure your Google account.'),
      '',
      'Whirl',
    ].join('\n'),
  }
}

/**
 * Google proved the address: an account registered with it but never confirmed is claimed. Its
 * password login is removed (whoever registered the address first cannot sign in any more), its
 * sessions end, the address counts as verified, and the owner is told by mail.
 */
export async function claimUnverifiedAccount(
  deps: {
    db: Db
    mailer: Mailer
    log: Log
    /** The language of the request that signed in, when the user never chose one. */
    locale?: AnyLocale
    /** Tells every process that the user's sessions ended (their cached copies are dropped). */
    onSessionsEnded?: (userId: string) => Promise<void> | void
  },
  userId: string,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!user || user.emailVerified) return
  const [profile] = await deps.db
    .select({ locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const passwords = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
  if (passwords.length === 0) return
  await deps.db.transaction(async (tx) => {
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId))
  })
  await deps.onSessionsEnded?.(userId)
  deps.log.info({ userId }, 'Google sign-in claimed an unconfirmed account; its password login was removed')
  deps.mailer
    .send({
      to: user.email,
      ...claimedMail(storedLocale(profile?.locale) ?? deps.locale ?? DEFAULT_LOCALE, user.name),
    })
    .catch((error: Error) => {
      deps.log.error({ err: { message: error.message } }, 'account claim mail failed')
    })
}

/** A reset link that worked proves the address too. */
export async function markVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId))
}
