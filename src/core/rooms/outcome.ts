import type { RoomWheel } from './protocol'

/**
 * What a spin does to a room's wheel, applied once, on the server (issue 35): elimination removes
 * the winner (never the last item: the wheel keeps one), accumulation adds a win to its tally,
 * normal changes nothing.
 */
export function afterSpin(wheel: RoomWheel, winnerIndex: number): RoomWheel {
  const winner = wheel.items[winnerIndex]
  if (!winner) return wheel
  if (wheel.mode === 'elimination') return withoutItem(wheel, winner.id)
  if (wheel.mode === 'accumulation') {
    const tally = { ...wheel.tally, [winner.id]: (wheel.tally?.[winner.id] ?? 0) + 1 }
    return { ...wheel, tally }
  }
  return wheel
}

/** The wheel without the item `id` (and its tally), unless it is the last item. */
export function withoutItem(wheel: RoomWheel, id: string): RoomWheel {
  if (wheel.items.length <= 1 || !wheel.items.some((item) => item.id === id)) return wheel
  const items = wheel.items.filter((item) => item.id !== id)
  if (!wheel.tally) return { ...wheel, items }
  const { [id]: _removed, ...tally } = wheel.tally
  return { ...wheel, items, tally }
}
