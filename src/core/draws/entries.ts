import type { DrawEntry } from './protocol'

/** The entries of a draw: the wheel's items in order as [text, weight]; the weight is 1 unless an item has one. */
export function drawEntriesOf(items: readonly { text: string; weight?: number }[]): DrawEntry[] {
  return items.map((item) => [item.text, item.weight ?? 1])
}
