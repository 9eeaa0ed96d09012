/**
 * What "Decline" removes. Features that keep optional data in the browser register a remover
 * here (the wheel store removes spin history and saved wheels); the theme is removed directly.
 */
type Remover = () => void

const removers = new Set<Remover>()

export function registerDeclinedDataRemover(remover: Remover): () => void {
  removers.add(remover)
  return () => removers.delete(remover)
}

export function removeDeclinedData(): void {
  try {
    localStorage.removeItem('theme')
  } catch {
    // Storage unavailable: there is nothing stored to remove.
  }
  for (const remove of removers) remove()
}
