import { type ComponentType, useEffect, useState } from 'react'
import { CONSENT_DELAY_MS, readConsent } from '../../state/consent-storage'

type Notice = ComponentType<{ onClose(): void }>

/**
 * Shows the cookie notice 2 seconds after load while no answer is stored. Its code loads only then:
 * a visitor who has answered never loads it, and nobody loads it with the page.
 */
export function ConsentHost() {
  const [Notice, setNotice] = useState<Notice | null>(null)

  useEffect(() => {
    if (readConsent()) return
    const timer = setTimeout(
      () =>
        void import('./cookie-consent').then(
          (m) => setNotice(() => m.CookieConsent),
          () => {},
        ),
      CONSENT_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [])

  return Notice && <Notice onClose={() => setNotice(null)} />
}
