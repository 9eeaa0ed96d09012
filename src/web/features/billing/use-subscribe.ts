import { useEffect, useRef, useState } from 'react'
import { msg } from '../../../core/i18n/message-id'
import { billingApi } from '../../api/billing'
import { t } from '../../i18n/i18n'
import { safeRedirectUrl } from './safe-redirect'

export const LINK_FAILED = msg('Failed to create subscription link')

/** Leaves for the payment provider's approval page (a seam for tests). */
export const leaveFor = { go: (url: string) => window.location.assign(url) }

/**
 * Subscribe Now (SPEC §4 Subscribing): busy while the subscription is created, then off to the
 * approval_url. No success or no usable approval_url is 'Failed to create subscription link'; an
 * exception is 'Error occurred: ' + its message. The busy mark clears on error, and when the browser
 * brings this page back from its back/forward cache after the user returned without paying.
 */
export function useSubscribe() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // One intent, kept across retries after a failure, so the server never creates two subscriptions.
  const attempt = useRef<string | null>(null)

  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false)
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  const subscribe = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      attempt.current ??= crypto.randomUUID()
      const result = await billingApi.createSubscription(attempt.current)
      const url = result.success ? safeRedirectUrl(result.approval_url) : null
      if (result.success) attempt.current = null
      if (!url) {
        if (!result.success) console.error('Create subscription failed:', result.error)
        setError(t(LINK_FAILED))
        setBusy(false)
        return
      }
      leaveFor.go(url)
    } catch (e) {
      console.error('Create subscription failed:', e)
      setError(t('Error occurred: {error}', { error: (e as Error).message }))
      setBusy(false)
    }
  }

  return { busy, error, subscribe }
}
