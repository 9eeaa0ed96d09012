import { Share2 } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'
import { useProfile } from '../../state/session-store'

const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })))

/** The Share button of /wheel, for everyone; the dialog's code loads on first use. */
export function ShareButton({ wheel, className }: { wheel: Wheel; className: string }) {
  const [open, setOpen] = useState(false)
  const profile = useProfile()
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <Share2 aria-hidden className="size-4" />
        {t('Share')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog wheel={wheel} signedIn={profile !== null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
