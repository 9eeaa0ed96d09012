import { useEffect, useRef, useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import { msg } from '../../../core/i18n/message-id'
import { billingApi } from '../../api/billing'
import { t } from '../../i18n/i18n'

/** The spec's messages, in English: shown with t(), `{error}` being the reason given. */
export const MESSAGES = {
  verified: msg('Subscription status updated successfully!'),
  verifyFailed: msg('Failed to verify subscription: {error}'),
  verifyError: msg('Error verifying subscription: {error}'),
  confirmCancel: msg(
    'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to premium features.',
  ),
  cancelled: msg(
    'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
  ),
  cancelFailed: msg('Failed to cancel subscription: {error}'),
  noSubscription: msg('No active subscription found'),
} as const

/** A message for the user, shown in a dialog in place of the spec's alerts. */
export type Notice = { title: string; text: string; ok: boolean }

/** Asks the server to re-read the subscription; it stores a changed status, which the profile stream brings here. */
async function verify(subscriptionId: string): Promise<Notice> {
  try {
    const result = await billingApi.verifySubscription(subscriptionId)
    const title = t('Subscription status')
    if (result.success) return { title, text: t(MESSAGES.verified), ok: true }
    return { title, text: t(MESSAGES.verifyFailed, { error: result.error }), ok: false }
  } catch (e) {
    const text = t(MESSAGES.verifyError, { error: (e as Error).message })
    return { title: t('Subscription status'), text, ok: false }
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
    if (!subscriptionId)
      setNotice({ title: t('Cancel subscription'), text: t(MESSAGES.noSubscription), ok: false })
    else setConfirming(true)
  }

  const cancel = async () => {
    setConfirming(false)
    if (!subscriptionId || busy) return
    setBusy('cancel')
    try {
      const result = await billingApi.cancelSubscription(subscriptionId)
      if (result.success) {
        setNotice({
          title: t('Subscription cancelled'),
          text: result.message ?? t(MESSAGES.cancelled),
          ok: true,
        })
        void verify(subscriptionId)
      } else
        setNotice({
          title: t('Cancel subscription'),
          text: t(MESSAGES.cancelFailed, { error: result.error }),
          ok: false,
        })
    } catch (e) {
      setNotice({
        title: t('Cancel subscription'),
        text: t(MESSAGES.cancelFailed, { error: (e as Error).message }),
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
