/**
 * The removers the loaded features register for "Decline" (data-removal.ts), kept apart from it so
 * the wheel store registers its own without loading the IndexedDB code (decision 0054).
 */
type Remover = () => void

const removers = new Set<Remover>()

export function registerDeclinedDataRemover(remover: Remover): () => void {
  removers.add(remover)
  return () => removers.delete(remover)
}

/**
 * Another tab declined (or deleted the account): this tab lets go of what it holds in memory, and
 * stops what would store it again (cloud sync), without writing anything back.
 */
export function runDeclinedDataRemovers(): void {
  for (const remove of removers) remove()
}
