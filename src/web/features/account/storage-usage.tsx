import { useEffect, useState } from 'react'
import { STORAGE_STORES, type StorageStore, type StorageUsage } from '../../../core/account/storage'
import { msg } from '../../../core/i18n/message-id'
import { accountDataApi } from '../../api/account-data'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'

const STORE_NAMES: Record<StorageStore, string> = {
  wheels: msg('Saved wheels'),
  versions: msg('Earlier versions of saved wheels'),
  shares: msg('Share links'),
  draws: msg('Verifiable draws'),
  themes: msg('Custom themes'),
}

const MB = 1024 * 1024

/** A size as people read it, in the page's language: "0 MB", "340 KB", "12.3 MB" (1 MB = 1,048,576 bytes). */
function sizeText(bytes: number): string {
  const number = (value: number) => numberFormat({ maximumFractionDigits: 1 }).format(value)
  if (bytes <= 0) return t('{size} MB', { size: number(0) })
  if (bytes < MB) return t('{size} KB', { size: number(Math.max(1, Math.round(bytes / 1024))) })
  return t('{size} MB', { size: number(Math.round((bytes / MB) * 10) / 10) })
}

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
        {t('How much your account stores could not be loaded.')}
      </p>
    )
  }
  if (!usage) return null
  const share = Math.min(1, usage.usedBytes / usage.quotaBytes)
  return (
    <div className="mt-3">
      <p className="text-sm font-medium" data-testid="storage-used">
        {t('{used} of {quota} used', { used: sizeText(usage.usedBytes), quota: sizeText(usage.quotaBytes) })}
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
            <dt className="text-slate-600 dark:text-slate-300">{t(STORE_NAMES[store])}</dt>
            <dd className="text-end tabular-nums">{sizeText(usage.stores[store])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {t(
          'Everything your account stores counts: saved wheels and their earlier versions, share links, draws and custom themes.',
        )}{' '}
        {t('Delete saved wheels or share links on Saved Wheels to make room.')}
      </p>
    </div>
  )
}
