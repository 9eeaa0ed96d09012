import { useEffect, useState } from 'react'
import {
  formatBytes,
  STORAGE_STORES,
  STORE_LABELS,
  type StorageUsage,
  usedOfQuota,
} from '../../../core/account/storage'
import { accountDataApi } from '../../api/account-data'

/** "12.3 MB of 50 MB used" with a bar and the bytes of each store (under "Your data" on /profile). */
export function StorageUsageSummary() {
  const [usage, setUsage] = useState<StorageUsage | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    accountDataApi.usage().then(
      (value) => live && setUsage(value),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])

  if (failed) {
    return (
      <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
        How much your account stores could not be loaded.
      </p>
    )
  }
  if (!usage) return null
  const share = Math.min(1, usage.usedBytes / usage.quotaBytes)
  return (
    <div className="mt-3">
      <p className="text-sm font-medium" data-testid="storage-used">
        {usedOfQuota(usage.usedBytes, usage.quotaBytes)}
      </p>
      <div aria-hidden className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <div
          className={share >= 0.9 ? 'h-full bg-red-500' : 'h-full bg-brand-600'}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {STORAGE_STORES.map((store) => (
          <div key={store} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{STORE_LABELS[store]}</dt>
            <dd className="text-right tabular-nums">{formatBytes(usage.stores[store])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Everything your account stores counts: saved wheels and their earlier versions, share links, draws and
        custom themes. Delete saved wheels or share links on Saved Wheels to make room.
      </p>
    </div>
  )
}
