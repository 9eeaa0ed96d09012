import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accounts, sessions, users } from '../db/schema'
import type { Mailer } from '../mail/mailer'

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void }

/** The mail sent at registration: the link that proves the address belongs to the person. */
export function verificationMail(name: string, link: string) {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,'
  return {
    subject: 'Confirm your Whirl email address',
    text: [
      greeting,
      '',
      'Welcome to Whirl. Please confirm that this address is yours by opening this link:',
      '',
      link,
      '',
      'If you did not create a Whirl account, ignore this mail.',
      '',
      'Whirl',
    ].join('\n'),
  }
}

/** The mail telling an owner that Google sign-in took over an unconfirmed account. */
export function claimedMail(name: string) {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,'
  return {
    subject: 'Your Whirl account now signs in with Google',
    text: [
      greeting,
      '',
      'Someone signed in to Whirl with the Google account of this address. The Whirl account of this',
      'address had never been confirmed, so it now signs in with Google only: its password no longer',
      'works, and every other session was signed out.',
      '',
      'If this was you, there is nothing to do. If it was not, secure your Google account.',
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
    /** Tells every process that the user's sessions ended (their cached copies are dropped). */
    onSessionsEnded?: (userId: string) => Promise<void> | void
  },
  userId: string,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!user || user.emailVerified) return
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
  deps.mailer.send({ to: user.email, ...claimedMail(user.name) }).catch((error: Error) => {
    deps.log.error({ err: { message: error.message } }, 'account claim mail failed')
  })
}

/** A reset link that worked proves the address too. */
export async function markVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId))
}
