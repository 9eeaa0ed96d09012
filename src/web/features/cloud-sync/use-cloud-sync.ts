import { useEffect } from 'react'
import { hasPremiumPlan } from '../../../core/plan/plan'
import { useProfile } from '../auth/session-store'

/**
 * Runs cloud sync while a premium user is signed in. The sync code is its own chunk, loaded only
 * for them, so visitors and free users never download it.
 */
export function useCloudSync(): void {
  const profile = useProfile()
  const userId = profile && hasPremiumPlan(profile) ? profile.userId : null
  useEffect(() => {
    if (!userId) return
    let stop: (() => void) | null = null
    let cancelled = false
    import('./sync-engine').then(
      ({ startCloudSync }) => {
        if (!cancelled) stop = startCloudSync(userId)
      },
      () => {},
    )
    return () => {
      cancelled = true
      stop?.()
    }
  }, [userId])
}
