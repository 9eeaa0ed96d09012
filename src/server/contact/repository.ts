import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contactMessages } from '../db/schema'

export type ContactRow = typeof contactMessages.$inferSelect
export type NewContact = Pick<ContactRow, 'name' | 'email' | 'subject' | 'message' | 'type' | 'userAgent'> &
  Partial<Pick<ContactRow, 'userId'>> &
  Partial<Pick<ContactRow, 'priority'>>

export async function insertContactMessage(db: Db, message: NewContact): Promise<ContactRow> {
  const [row] = await db.insert(contactMessages).values(message).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

/**
 * Claims up to `limit` messages that are due for (another) mail attempt: pending ones whose next
 * attempt is due, and ones whose sender died mid-attempt (lock expired). SKIP LOCKED lets several
 * server processes share the queue without sending a message twice at the same time. Priority
 * messages (premium users') are claimed and sent first, then the rest oldest first.
 */
export async function claimDueMessages(db: Db, now: Date, lockMs: number, limit = 10): Promise<ContactRow[]> {
  const lockedUntil = new Date(now.getTime() + lockMs)
  // The database keeps microseconds and this clock milliseconds: a message stored within this very
  // millisecond is due too.
  const due = new Date(now.getTime() + 1)
  const result = await db.execute(sql`
    update ${contactMessages} set mail_status = 'sending', locked_until = ${lockedUntil.toISOString()}
    where id in (
      select id from ${contactMessages}
      where (mail_status = 'pending' and next_attempt_at < ${due.toISOString()})
         or (mail_status = 'sending' and locked_until < ${now.toISOString()})
      order by priority desc, id
      limit ${limit}
      for update skip locked
    )
    returning id`)
  const rows = (result as unknown as { rows: { id: number }[] }).rows
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  return db
    .select()
    .from(contactMessages)
    .where(inArray(contactMessages.id, ids))
    .orderBy(desc(contactMessages.priority), contactMessages.id)
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(contactMessages)
    .set({ mailStatus: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.mailStatus, 'sending')))
}

/** After this many days of failed attempts a message is no longer retried; it stays, flagged. */
export const MAIL_RETRY_DAYS = 7

export async function markFailed(
  db: Db,
  id: number,
  error: string,
  nextAttemptAt: Date,
  giveUp: Date | null = null,
): Promise<void> {
  await db
    .update(contactMessages)
    .set({
      mailStatus: giveUp ? 'failed' : 'pending',
      gaveUpAt: giveUp,
      attempts: sql`${contactMessages.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt,
      lockedUntil: null,
    })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.mailStatus, 'sending')))
}
