import { useEffect, useState } from 'react'
import type { TrialStatus } from '../../core/billing/trial'
import { billingApi } from '../api/billing'
import { useSessionStore } from './session-store'

/**
 * The signed-in user's free trial (GET /api/billing/trial), read again whenever the plan changes;
 * undefined while it is being read, null for a visitor or when it cannot be read (then no trial is
 * claimed).
 */
export function useTrial(): TrialStatus | null | undefined {
  const profile = useSessionStore((s) => s.profile)
  const key = profile
    ? `${profile.userId}|${profile.subscriptionId}|${profile.subscriptionStatus}|${profile.subscriptionExpiresAt}`
    : null
  const [trial, setTrial] = useState<TrialStatus | null | undefined>(undefined)
  useEffect(() => {
    setTrial(key ? undefined : null)
    if (!key) return
    let live = true
    billingApi.trial().then(
      (status) => live && setTrial(status),
      () => live && setTrial(null),
    )
    return () => {
      live = false
    }
  }, [key])
  return trial
}
