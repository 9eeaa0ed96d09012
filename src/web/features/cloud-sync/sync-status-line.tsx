import { Cloud, CloudOff, RefreshCw, TriangleAlert } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { useSyncStatus } from '../../state/sync-status'

/** One line saying whether the saved wheels are in step with the account's cloud copy. */
export function SyncStatusLine() {
  const status = useSyncStatus((s) => s.status)
  const [Icon, text, tone] =
    status.kind === 'syncing'
      ? [RefreshCw, t('Syncing…'), 'text-slate-600 dark:text-slate-400']
      : status.kind === 'synced'
        ? [Cloud, t('Synced with your account'), 'text-emerald-700 dark:text-emerald-300']
        : status.kind === 'offline'
          ? [
              CloudOff,
              t('Offline — changes will sync when you are back online'),
              'text-amber-700 dark:text-amber-300',
            ]
          : status.kind === 'read-only' || status.kind === 'error'
            ? [TriangleAlert, status.message, 'text-red-700 dark:text-red-300']
            : [Cloud, t('Cloud sync starting…'), 'text-slate-600 dark:text-slate-400']
  return (
    <p data-testid="sync-status" className={`flex items-center gap-1.5 text-sm ${tone}`}>
      <Icon aria-hidden className="size-4 shrink-0" />
      {text}
    </p>
  )
}
