import { eq, sql } from 'drizzle-orm'
import { msg } from '../../core/i18n/message-id'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { HttpError } from '../http/errors'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Serialises, for one user, the recording of a new subscription or order and the deletion of the
 * account: a transaction-scoped advisory lock on the user id (PGlite runs one transaction at a time
 * anyway). Whichever comes second sees what the first did: the deletion sees the new payment and
 * refuses or keeps it, or the payment finds the account gone.
 */
export async function lockUserBilling(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whirl:billing:${userId}`}))`)
}

/** Runs `write` under the user's billing lock, once the account is known to still exist. */
export async function whileAccountExists<T>(db: Db, userId: string, write: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    await lockUserBilling(tx, userId)
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!user) throw new HttpError(401, msg('Please sign in to continue.'))
    return write(tx)
  })
}
