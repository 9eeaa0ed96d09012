import { Cloud, History, Monitor } from 'lucide-react'
import { useState } from 'react'
import type { WheelSummary } from '../../../core/wheel/summary'
import { VERSION_EVERY_MS, VERSIONS_QUOTA_NOTE } from '../../../core/wheel/versions'
import { dateTimeFormat } from '../../i18n/formats'
import { isolate, t } from '../../i18n/i18n'
import { restoreWheelVersion } from '../../state/browser-data-versions'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { formatBytes } from './storage-usage'
import { useVersions, type VersionRow } from './use-versions'

const when = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
const items = (count: number) => t('{count, plural, one {# item} other {# items}}', { count })

type Props = {
  wheel: WheelSummary
  premium: boolean
  onClose(): void
  /** Called once a version is restored, with what to tell the user. */
  onRestored(message: string): void
}

/**
 * Versions… of a saved wheel (issue 33): its earlier versions, newest first, with their time, item
 * count and size, each with Restore. A restore keeps the content it replaces as a version too.
 */
export function VersionsDialog({ wheel, premium, onClose, onRestored }: Props) {
  const [reloads, setReloads] = useState(0)
  const { rows, noLocal, error } = useVersions(wheel.id, premium, reloads)
  const [busy, setBusy] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  const restore = async (row: VersionRow) => {
    setBusy(row.key)
    setFailed(null)
    try {
      const content = await row.load()
      if (!content) throw new Error(t('This version is no longer kept.'))
      if (!(await restoreWheelVersion(wheel.id, content)))
        throw new Error(t('Your browser could not store the restored wheel. Nothing was changed.'))
      onRestored(
        t('Restored “{name}” to the version of {time} ({items}).', {
          name: isolate(wheel.name),
          time: when(row.at),
          items: items(row.itemCount),
        }),
      )
    } catch (e) {
      setFailed((e as Error).message)
      setBusy(null)
    }
  }

  const total = rows?.reduce((sum, row) => sum + row.bytes, 0) ?? 0
  return (
    <Dialog
      title={t('Versions of “{name}”', { name: isolate(wheel.name) })}
      onClose={onClose}
      footer={
        <Button variant="outline" size="sm" onClick={onClose}>
          {t('Close')}
        </Button>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t(VERSIONS_QUOTA_NOTE)}
        {rows && rows.length > 0 ? ` ${t('These take {size}.', { size: formatBytes(total) })}` : ''}
      </p>
      {noLocal && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('This browser cannot keep versions (its storage is not available here).')}
        </p>
      )}
      {error && (
        <Alert className="mt-3">
          {t(error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => setReloads((n) => n + 1)}>
            {t('Try again')}
          </button>
        </Alert>
      )}
      {failed && <Alert className="mt-3">{failed}</Alert>}
      {rows === null ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-busy="true">
          {t('Loading versions...')}
        </p>
      ) : rows.length === 0 ? (
        <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">
          <History aria-hidden className="mx-auto size-8" />
          <p className="mt-2 font-semibold text-slate-900 dark:text-slate-100">
            {t('No earlier versions yet')}
          </p>
          <p className="mt-1">
            {t(
              'When this wheel changes, the content it had is kept here (at most one version every {minutes} minutes while you edit, and always before it loses half its items).',
              { minutes: VERSION_EVERY_MS / 60_000 },
            )}
          </p>
        </div>
      ) : (
        <ul
          aria-label={t('Versions')}
          className="mt-4 max-h-[55vh] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800"
        >
          {rows.map((row) => (
            <li key={row.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">
                  <time dateTime={row.at}>{when(row.at)}</time>
                </p>
                <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
                  <span>{items(row.itemCount)}</span>
                  <span aria-hidden>·</span>
                  <span>{formatBytes(row.bytes)}</span>
                  <span aria-hidden>·</span>
                  {row.where === 'browser' ? (
                    <Monitor aria-hidden className="size-3" />
                  ) : (
                    <Cloud aria-hidden className="size-3" />
                  )}
                  <span>{row.where === 'browser' ? t('This browser') : t('Your account')}</span>
                </p>
                {row.name !== wheel.name && (
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {t('Named “{name}”', { name: isolate(row.name) })}
                  </p>
                )}
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy !== null}
                aria-label={t('Restore the version of {time}, {items}', {
                  time: when(row.at),
                  items: items(row.itemCount),
                })}
                onClick={() => void restore(row)}
              >
                {busy === row.key ? t('Restoring...') : t('Restore')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
