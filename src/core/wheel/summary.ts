import type { Wheel } from './model'

/** What a saved wheel's card shows: enough to list hundreds of wheels without their items. */
export type WheelSummary = {
  id: string
  name: string
  itemCount: number
  /** The colours of the first 8 items (the card's mini pie). */
  colors: string[]
  createdAt?: string
  updatedAt?: string
}

export function summarizeWheel(wheel: Wheel): WheelSummary {
  return {
    id: wheel.id ?? '',
    name: wheel.name,
    itemCount: wheel.items.length,
    colors: wheel.items.slice(0, 8).map((item) => item.color),
    ...(wheel.createdAt ? { createdAt: wheel.createdAt } : {}),
    ...(wheel.updatedAt ? { updatedAt: wheel.updatedAt } : {}),
  }
}
