/**
 * One byte quota per account over everything it stores (issue 33, decision 0027), and a daily
 * allowance per client address for what visitors store without an account.
 */

/** The bytes one account may store: saved wheels, versions, share links, draws and custom themes. */
export const ACCOUNT_QUOTA_BYTES = 50 * 1024 * 1024
/** The bytes of share links visitors (signed out) may create per client address per day. */
export const VISITOR_DAILY_BYTES = 5 * 1024 * 1024
export const VISITOR_WINDOW_MS = 86_400_000

/** The stores an account's usage is broken down into, in the order /profile lists them. */
export const STORAGE_STORES = ['wheels', 'versions', 'shares', 'draws', 'themes'] as const
export type StorageStore = (typeof STORAGE_STORES)[number]

export const STORE_LABELS: Record<StorageStore, string> = {
  wheels: 'Saved wheels',
  versions: 'Earlier versions of saved wheels',
  shares: 'Share links',
  draws: 'Verifiable draws',
  themes: 'Custom themes',
}

/** GET /api/profile/usage. */
export type StorageUsage = {
  usedBytes: number
  quotaBytes: number
  stores: Record<StorageStore, number>
}

const MB = 1024 * 1024

/** A size as people read it: "0 MB", "340 KB", "12.3 MB", "50 MB" (1 MB = 1,048,576 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 MB'
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  const tenths = Math.round((bytes / MB) * 10) / 10
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)} MB`
}

/** "12.3 MB of 50 MB used". */
export const usedOfQuota = (used: number, quota: number) =>
  `${formatBytes(used)} of ${formatBytes(quota)} used`

/** What to do about a full account: where to delete, and that the refused write changed nothing. */
export const STORAGE_FULL_ADVICE =
  'Delete saved wheels or share links on /saved to make room; /profile shows what uses it. Nothing was changed.'

/** The 413 answer to any write that would take an account past its quota. */
export const storageFullMessage = (used: number, quota: number) =>
  `Your Whirl storage is full (${usedOfQuota(used, quota)}). ${STORAGE_FULL_ADVICE}`

export const VISITOR_QUOTA_MESSAGE = `Links made without an account may take up to ${formatBytes(VISITOR_DAILY_BYTES)} a day from one address, and today's are used up. Sign in to share more, or try again tomorrow. Nothing was saved.`
