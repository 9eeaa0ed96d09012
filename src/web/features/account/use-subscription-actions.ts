import { useEffect, useRef, useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import { billingApi } from '../../api/billing'

export const MESSAGES = {
  verified: 'Subscription status updated successfully!',
  verifyFailed: 'Failed to verify subscription: ',
  verifyError: 'Error verifying subscription: ',
  confirmCancel:
    'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to premium features.',
  cancelled:
    'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
  cancelFailed: 'Failed to cancel subscription: ',
  noSubscription: 'No active subscription found',
} as const

/** A message for the user, shown in a dialog in place of the spec's alerts. */
export type Notice = { title: string; text: string; ok: boolean }

/** Asks the server to re-read the subscription; it stores a changed status, which the profile stream brings here. */
async function verify(subscriptionId: string): Promise<Notice> {
  try {
    const result = await billingApi.verifySubscription(subscriptionId)
    if (result.success) return { title: 'Subscription status', text: MESSAGES.verified, ok: true }
    return { title: 'Subscription status', text: MESSAGES.verifyFailed + result.error, ok: false }
  } catch (e) {
    return { title: 'Subscription status', text: MESSAGES.verifyError + (e as Error).message, ok: false }
  }
}

/**
 * Refresh Status and Cancel Subscription of the profile's subscription panel (SPEC §4). Verification
 * also runs once, silently, when the panel first shows a subscription id.
 */
export function useSubscriptionActions(profile: Profile) {
  const [busy, setBusy] = useState<'verify' | 'cancel' | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const verifiedOnLoad = useRef<string | null>(null)
  const subscriptionId = profile.subscriptionId

  useEffect(() => {
    if (!subscriptionId || verifiedOnLoad.current === subscriptionId) return
    verifiedOnLoad.current = subscriptionId
    void verify(subscriptionId).then((result) => {
      if (!result.ok) console.warn(result.text)
    })
  }, [subscriptionId])

  const refresh = async () => {
    if (!subscriptionId || busy) return
    setBusy('verify')
    setNotice(await verify(subscriptionId))
    setBusy(null)
  }

  const askToCancel = () => {
    if (!subscriptionId) setNotice({ title: 'Cancel subscription', text: MESSAGES.noSubscription, ok: false })
    else setConfirming(true)
  }

  const cancel = async () => {
    setConfirming(false)
    if (!subscriptionId || busy) return
    setBusy('cancel')
    try {
      const result = await billingApi.cancelSubscription(subscriptionId)
      if (result.success) {
        setNotice({ title: 'Subscription cancelled', text: result.message ?? MESSAGES.cancelled, ok: true })
        void verify(subscriptionId)
      } else
        setNotice({ title: 'Cancel subscription', text: MESSAGES.cancelFailed + result.error, ok: false })
    } catch (e) {
      setNotice({
        title: 'Cancel subscription',
        text: MESSAGES.cancelFailed + (e as Error).message,
        ok: false,
      })
    } finally {
      setBusy(null)
    }
  }

  return {
    busy,
    confirming,
    notice,
    refresh,
    askToCancel,
    cancel,
    keep: () => setConfirming(false),
    dismiss: () => setNotice(null),
  }
}
