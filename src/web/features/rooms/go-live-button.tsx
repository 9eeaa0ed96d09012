import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'
import { HOSTED_ROOM_KEY } from './hosted-room-key'

const LiveHost = lazy(() => import('./live-host').then((m) => ({ default: m.LiveHost })))

/**
 * Go live on /wheel (issue 35). The room's code (dialog, QR code, live connection) loads on first
 * use, or at once when this tab already hosts a room: /wheel's first load stays within its budget.
 * `extras` show in the dialog while a room is open (LiveHost).
 */
export function GoLiveButton({
  className,
  ...host
}: {
  wheel: Wheel
  className: string
  extras?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  // Once loaded (opened, or a room hosted in this tab), the host stays mounted: it mirrors the edits.
  const [loaded, setLoaded] = useState(() => {
    try {
      return sessionStorage.getItem(HOSTED_ROOM_KEY) !== null
    } catch {
      return false
    }
  })
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setOpen(true)
          setLoaded(true)
        }}
      >
        {t('Go live')}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <LiveHost {...host} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
