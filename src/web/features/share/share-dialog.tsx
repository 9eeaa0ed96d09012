import { useState } from 'react'
import { sourceOf } from '../../../core/i18n/english'
import {
  embedSnippet,
  SHARE_MESSAGE_SOURCES,
  type ShareSummary,
  sharePath,
  VISITOR_LINK_DAYS,
} from '../../../core/share/protocol'
import type { Wheel } from '../../../core/wheel/model'
import { ApiError } from '../../api/client'
import { sharesApi } from '../../api/shares'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { Dialog } from '../../ui/dialog'
import { QrCode } from '../../ui/qr-code'
import { CopyButton } from './copy-button'

const primary =
  'inline-flex items-center justify-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60'
const field =
  'w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800'

/**
 * The Share dialog: says who can see the wheel and how long the link lasts, then Create link
 * publishes a snapshot and shows the address (Copy link), its QR code and an embed snippet.
 */
export function ShareDialog({
  wheel,
  signedIn,
  onClose,
}: {
  wheel: Wheel
  signedIn: boolean
  onClose: () => void
}) {
  const [share, setShare] = useState<ShareSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ message: string; upgrade: boolean } | null>(null)

  const create = async () => {
    setBusy(true)
    setProblem(null)
    try {
      setShare(await sharesApi.create(wheel))
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0
      // The server's refusals (SHARE_MESSAGES, in English) in the page's language.
      const message =
        error instanceof ApiError
          ? t(...sourceOf(error.message, Object.values(SHARE_MESSAGE_SOURCES)))
          : t('The link could not be created.')
      setProblem({ message, upgrade: status === 403 })
    } finally {
      setBusy(false)
    }
  }

  const address = share ? `${window.location.origin}${sharePath(share.id)}` : ''
  return (
    <Dialog title={t('Share this wheel')} onClose={onClose}>
      <div className="space-y-4 text-sm">
        <p>
          {t(
            'Anyone with the link can open this wheel and spin it: its name, items, colours and settings become visible to them. The link shows the wheel as it is now; later changes are not shared (share again for a new link).',
          )}
        </p>
        <p className="text-slate-600 dark:text-slate-400">
          {signedIn
            ? t('Your links stay until you delete them under Shared links on Saved Wheels.')
            : t('Links made without an account expire after {days} days without a visit.', {
                days: VISITOR_LINK_DAYS,
              })}
        </p>
        {problem && (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p>{problem.message}</p>
            {problem.upgrade && (
              <Link to="/subscription" className="font-semibold underline" onClick={onClose}>
                {t('See Premium')}
              </Link>
            )}
          </div>
        )}
        {!share ? (
          <button
            type="button"
            className={primary}
            disabled={busy}
            onClick={() => void create()}
            data-autofocus
          >
            {busy ? t('Creating link…') : t('Create link')}
          </button>
        ) : (
          <div className="space-y-4">
            <div>
              <label htmlFor="share-address" className="block font-medium">
                {t('Link')}
              </label>
              <input
                dir="ltr"
                id="share-address"
                readOnly
                value={address}
                className={field}
                onFocus={(e) => e.target.select()}
              />
              <div className="mt-2">
                <CopyButton text={address} label={t('Copy link')} />
              </div>
            </div>
            <div className="flex justify-center">
              <QrCode text={address} />
            </div>
            <div>
              <label htmlFor="share-embed" className="block font-medium">
                {t('Embed on your site')}
              </label>
              <textarea
                dir="ltr"
                id="share-embed"
                readOnly
                rows={3}
                value={embedSnippet(window.location.origin, share.id, share.name)}
                className={field}
                onFocus={(e) => e.target.select()}
              />
              <div className="mt-2">
                <CopyButton
                  text={embedSnippet(window.location.origin, share.id, share.name)}
                  label={t('Copy embed code')}
                />
              </div>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  )
}
