import { useEffect } from 'react'
import { hasPremiumPlan } from '../../../core/plan/plan'
import { useProfile } from '../../state/session-store'
import { setSyncStatus } from '../../state/sync-status'

/** Starts the sync engine (its own chunk) for this user while `userId` is set. */
function useSyncEngine(userId: string | null, pullOnly: boolean): void {
  useEffect(() => {
    if (!userId) return
    let stop: (() => void) | null = null
    let cancelled = false
    import('./sync-engine').then(
      ({ startCloudSync }) => {
        if (!cancelled) stop = startCloudSync(userId, { pullOnly })
      },
      // The sync code could not be loaded (offline): say so rather than wait for it forever.
      () => {
        if (!cancelled) setSyncStatus({ kind: 'offline' })
      },
    )
    return () => {
      cancelled = true
      stop?.()
    }
  }, [userId, pullOnly])
}

/**
 * Runs cloud sync while a premium user is signed in. The sync code is its own chunk, loaded only
 * for them, so visitors and free users never download it.
 */
export function useCloudSync(): void {
  const profile = useProfile()
  useSyncEngine(profile && hasPremiumPlan(profile) ? profile.userId : null, false)
}

/**
 * On /saved, for a signed-in user without premium (it lapsed, or never was): the account's wheels
 * are pulled, read-only, and nothing is ever pushed. Premium users' sync runs app-wide instead.
 */
export function useReadOnlyCloudSync(): void {
  const profile = useProfile()
  useSyncEngine(profile && !hasPremiumPlan(profile) ? profile.userId : null, true)
}
