import * as z from 'zod/mini'
import { ACCOUNT_QUOTA_BYTES, STORAGE_FULL_ADVICE } from '../account/storage'
import { MAX_SAVED_WHEELS } from '../plan/definition'
import type { Wheel } from '../wheel/model'
import { idSchema, timestampSchema, wheelSchema } from '../wheel/schema'

/**
 * Cloud sync of saved wheels (decision 0008). The browser's saved wheels are the working copy; the
 * server keeps one row per wheel and a per-user change number (`revision`). A client pushes what it
 * changed since it last synced, each change with the `updatedAt` it started from (`base`), and pulls
 * every row changed after its cursor.
 */

/** A saved wheel as the server holds it: always with an id and both timestamps. */
export const syncedWheelSchema = wheelSchema.check(
  z.refine(
    (w) => w.id !== null && !!w.createdAt && !!w.updatedAt,
    'A synced wheel needs an id and timestamps',
  ),
)

export const syncChangeSchema = z.object({
  id: idSchema,
  /** The server's updatedAt this change was made from; null for a wheel the server never had. */
  base: z.nullable(timestampSchema),
  /** The wheel to store, or null to delete it. */
  wheel: z.nullable(syncedWheelSchema),
})

export const syncRequestSchema = z.object({
  since: z.int().check(z.gte(0)),
  changes: z.array(syncChangeSchema).check(z.maxLength(MAX_SAVED_WHEELS * 2)),
  /**
   * The answer leaves out the wheels the server stored exactly as this request sent them (the
   * client has them): such a row says which change it holds (`sent`). Absent: every row whole, as
   * clients before it expect.
   */
  omitSent: z.optional(z.boolean()),
})

/**
 * A row changed after the cursor: the wheel, or null when it was deleted. In a push's answer with
 * `omitSent`, `sent` is the index of the request's change whose wheel the row holds (`wheel` null).
 */
export type ServerWheel = {
  id: string
  wheel: Wheel | null
  updatedAt: string
  revision: number
  sent?: number
}

export type SyncChange = z.infer<typeof syncChangeSchema>
export type SyncRequest = z.infer<typeof syncRequestSchema>
export type SyncResponse = {
  cursor: number
  wheels: ServerWheel[]
  /** Wheels kept as '(conflict copy)' because two devices changed them at once. */
  conflicts: { id: string; copyId: string }[]
  /** False when the user may read their wheels but not change them (premium lapsed). */
  canWrite: boolean
  /** A pull answered one page: ask again from `cursor` for the rest. */
  more?: boolean
}

/** The bytes one account may store, saved wheels and everything else (core/account/storage.ts). */
export const CLOUD_QUOTA_BYTES = ACCOUNT_QUOTA_BYTES
/** Rows a pull answers at most, and by default. */
export const PULL_PAGE_MAX = 500
export const PULL_PAGE_DEFAULT = 200
/**
 * The wheel bytes (the stored `data_bytes`) a pull answers at most in one page; a page always holds
 * at least one row, so a single larger wheel still comes through on a page of its own.
 */
export const PULL_PAGE_BYTES = 4 * 1024 * 1024
/** A user's pulls one server process answers at once; a further one is asked to come back later. */
export const MAX_CONCURRENT_PULLS = 2

export const CONFLICT_SUFFIX = ' (conflict copy)'

export const SYNC_MESSAGES = {
  premiumRequired:
    'Saving wheels to your account needs Premium. Your wheels are kept and sync again once you subscribe.',
  tooMany: `An account can keep up to ${MAX_SAVED_WHEELS} saved wheels. Delete some to make room.`,
  idMismatch: 'A change names one wheel and carries another.',
  /** The server answers storageFullMessage, with the account's figures; this is its gist. */
  quotaFull: `Your Whirl storage is full. ${STORAGE_FULL_ADVICE}`,
  cursorAhead: 'The sync cursor is ahead of this account. Nothing was changed; sync again from the start.',
  unstorable: 'A wheel in this sync has a date or text that cannot be stored. Nothing was changed.',
  busy: 'Your wheels are being synced from another device. Please try again in a moment.',
  pullsBusy: 'Your wheels are being fetched on other devices right now. This one tries again in a moment.',
  serverBusy: 'The server is busy right now. Your wheels sync again in a moment.',
} as const

/** The largest sync request the server reads (a batch of up to a few wheels of 10,000 items). */
export const SYNC_BODY_LIMIT = 16 * 1024 * 1024
