import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  ACCOUNT_QUOTA_BYTES,
  STORAGE_STORES,
  type StorageStore,
  type StorageUsage,
  storageFullMessage,
  VISITOR_DAILY_BYTES,
  VISITOR_QUOTA_MESSAGE,
  VISITOR_WINDOW_MS,
} from '../../core/account/storage'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { clientKey } from '../limits/client-address'
import { addWithin } from '../limits/counter'

export type QuotaOptions = {
  /** The bytes one account may store (tests make it small). */
  accountBytes?: number
  /** The bytes visitors may store per client address per day. */
  visitorBytesPerDay?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One byte quota per account over everything it stores (quotaPlugin). */
    quota: AccountQuota
  }
}

/** Decorates app.quota over app.database (options: smaller quotas in tests). */
export const quotaPlugin = fp(
  async (app: FastifyInstance, options: QuotaOptions) => {
    app.decorate('quota', createAccountQuota(app.database.db, options))
  },
  { name: 'whirl-quota', dependencies: ['whirl-database'] },
)

/** Checks that `bytes` more fit the account (nothing to check for a write that frees room). */
export type RoomCheck = (bytes: number) => Promise<void>

export type AccountQuota = ReturnType<typeof createAccountQuota>

/**
 * The lock every write of an account's stored bytes takes, the sync push's own
 * (drizzle/0017_account_quota.sql): two writes of one account never both see the same room.
 */
async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wheels:${userId}`}))`)
}

/** What the account stores, per store (the SQL function account_usage: one line per store). */
async function readUsage(db: Db, userId: string, quotaBytes: number): Promise<StorageUsage> {
  const result = await db.execute(sql`select store, bytes from account_usage(${userId})`)
  const rows = (result as unknown as { rows: { store: string; bytes: number | string }[] }).rows
  const stores = Object.fromEntries(STORAGE_STORES.map((store) => [store, 0])) as Record<StorageStore, number>
  for (const row of rows) {
    if (row.store in stores) stores[row.store as StorageStore] += Number(row.bytes)
  }
  const usedBytes = Object.values(stores).reduce((sum, bytes) => sum + bytes, 0)
  return { usedBytes, quotaBytes, stores }
}

/**
 * One byte quota per account over everything it stores (decision 0027), and the daily allowance
 * of visitors' links per client address.
 */
export function createAccountQuota(db: Db, options: QuotaOptions = {}) {
  const quotaBytes = options.accountBytes ?? ACCOUNT_QUOTA_BYTES
  const visitorBytes = options.visitorBytesPerDay ?? VISITOR_DAILY_BYTES

  return {
    quotaBytes,
    usage: (userId: string) => readUsage(db, userId, quotaBytes),

    /** The 413 for a full account, with its figures now. */
    async fullError(userId: string): Promise<HttpError> {
      const { usedBytes } = await readUsage(db, userId, quotaBytes)
      return new HttpError(413, storageFullMessage(usedBytes, quotaBytes))
    },

    /**
     * Runs `write` in a transaction holding the account's lock. `write` calls `room(bytes)` with the
     * bytes it adds before writing them: past the quota that is a 413 and the transaction is rolled
     * back, so nothing is changed.
     */
    async write<T>(userId: string, write: (tx: Db, room: RoomCheck) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId)
        const room: RoomCheck = async (bytes) => {
          if (bytes <= 0) return
          const { usedBytes, stores } = await readUsage(tx, userId, quotaBytes)
          const over = usedBytes + bytes - quotaBytes
          if (over <= 0) return
          // Earlier versions of saved wheels give way first, the oldest first; never a current
          // wheel (drizzle/0020_versions_in_account_quota.sql).
          if (stores.versions < over) throw new HttpError(413, storageFullMessage(usedBytes, quotaBytes))
          await tx.execute(sql`select free_oldest_versions(${userId}, ${over})`)
        }
        return write(tx, room)
      })
    },

    /** Counts a visitor's `bytes` against their address's day; 413 (nothing counted) past it. */
    async visitorRoom(ip: string, bytes: number): Promise<void> {
      const key = `stored-bytes:ip:${clientKey(ip)}`
      if (!(await addWithin(db, key, bytes, visitorBytes, VISITOR_WINDOW_MS))) {
        throw new HttpError(413, VISITOR_QUOTA_MESSAGE)
      }
    },
  }
}
