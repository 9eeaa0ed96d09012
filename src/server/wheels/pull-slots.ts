import { MAX_CONCURRENT_PULLS } from '../../core/sync/protocol'

export type PullSlots = {
  /** Takes one of the user's slots; false when all are in use (the pull is refused). */
  take(userId: string): boolean
  /** Gives back a slot taken with `take`. */
  release(userId: string): void
}

/**
 * How many of each user's pulls this process is answering, so that one account cannot have more
 * than `max` pages in memory here at once (decision 0030). A user without a pull under way has no
 * entry.
 */
export function createPullSlots(max = MAX_CONCURRENT_PULLS): PullSlots {
  const busy = new Map<string, number>()
  return {
    take(userId) {
      const count = busy.get(userId) ?? 0
      if (count >= max) return false
      busy.set(userId, count + 1)
      return true
    },
    release(userId) {
      const count = busy.get(userId) ?? 0
      if (count <= 1) busy.delete(userId)
      else busy.set(userId, count - 1)
    },
  }
}
