import { CONTACT_TYPE_LABELS, type ContactType } from '../../core/contact/rules'
import type { Db } from '../db/client'
import type { Mailer } from '../mail/mailer'
import { type ContactRow, claimDueMessages, MAIL_RETRY_DAYS, markFailed, markSent } from './repository'

export type ContactMailQueueOptions = {
  db: Db
  mailer: Mailer
  supportEmail: string
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  /** How often stored messages are looked at again (ms). */
  pollMs?: number
  /** First retry delay (ms); it doubles with each failed attempt, up to maxBackoffMs. */
  baseBackoffMs?: number
  maxBackoffMs?: number
  now?: () => Date
}

/** The delay before attempt number attempts+1: base · 2^attempts, capped. */
export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.min(attempts, 30))
}

function render(row: ContactRow) {
  const type = CONTACT_TYPE_LABELS[row.type as ContactType] ?? row.type
  return {
    subject: `${row.priority ? '[Priority] ' : ''}[Whirl contact] ${type}: ${row.subject}`,
    text: [
      `From: ${row.name} <${row.email}>`,
      `Type: ${type}`,
      ...(row.priority ? ['Priority: yes (Premium user)'] : []),
      `Sent: ${row.createdAt.toISOString()}`,
      `User agent: ${row.userAgent || 'unknown'}`,
      `Message #${row.id}`,
      '',
      row.message,
    ].join('\n'),
  }
}

/**
 * Mails stored contact messages to support. Every message is in the database before it is
 * queued; a failed send is retried with backoff until the mail server takes it.
 */
export function createContactMailQueue(options: ContactMailQueueOptions) {
  const pollMs = options.pollMs ?? 10_000
  const base = options.baseBackoffMs ?? 5_000
  const max = options.maxBackoffMs ?? 3_600_000
  const now = options.now ?? (() => new Date())
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  let timer: NodeJS.Timeout | null = null

  async function sendOne(row: ContactRow) {
    try {
      await options.mailer.send({
        to: options.supportEmail,
        replyTo: `${row.name.replace(/[<>"\r\n]/g, '')} <${row.email}>`,
        ...render(row),
      })
      await markSent(options.db, row.id, now())
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const delay = backoffMs(row.attempts, base, max)
      const at = now()
      if (at.getTime() - row.createdAt.getTime() >= MAIL_RETRY_DAYS * 86_400_000) {
        options.log.warn(
          { id: row.id, attempts: row.attempts + 1, err: message },
          `contact mail failed for ${MAIL_RETRY_DAYS} days: no more retries; the message stays in the database, flagged`,
        )
        await markFailed(options.db, row.id, message, at, at)
        return
      }
      options.log.warn(
        { id: row.id, attempts: row.attempts + 1, retryInMs: delay, err: message },
        'contact mail failed',
      )
      await markFailed(options.db, row.id, message, new Date(now().getTime() + delay))
    }
  }

  async function drain() {
    do {
      again = false
      for (;;) {
        if (stopped) return
        const rows = await claimDueMessages(options.db, now(), 120_000)
        if (rows.length === 0) break
        for (const row of rows) await sendOne(row)
      }
    } while (again && !stopped)
  }

  /** Looks for due messages now (after a new message is stored, and on every poll). */
  function kick(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = drain()
      .catch((error) => options.log.warn({ err: String(error) }, 'contact mail queue: pass failed'))
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    kick,
    start() {
      stopped = false
      timer = setInterval(() => void kick(), pollMs)
      timer.unref()
      void kick()
    },
    /** Stops polling and waits for a pass in progress. */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running
    },
  }
}

export type ContactMailQueue = ReturnType<typeof createContactMailQueue>
