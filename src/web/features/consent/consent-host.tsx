import { lazy, Suspense, useEffect, useState } from 'react'
import { CONSENT_DELAY_MS, readConsent } from '../../state/consent-storage'

// The notice's code loads when it is about to show: a visitor who has answered never loads it, and
// nobody loads it with the page.
const CookieConsent = lazy(() => import('./cookie-consent').then((m) => ({ default: m.CookieConsent })))

/** Shows the cookie notice 2 seconds after load while no answer is stored. */
export function ConsentHost() {
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (readConsent()) return
    const timer = setTimeout(() => setOpen(true), CONSENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  return open ? (
    <Suspense fallback={null}>
      <CookieConsent onClose={() => setOpen(false)} />
    </Suspense>
  ) : null
}
