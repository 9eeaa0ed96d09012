import { useState } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { ItemRow } from './item-row'

const ROW = 48
const VIEWPORT = 432
const OVERSCAN = 6

/** The item list. Long lists are virtualised: only the rows in view (plus a few) are rendered. */
export function ItemList({ wheel }: { wheel: Wheel }) {
  const [scrollTop, setScrollTop] = useState(0)
  const items = wheel.items
  const tally = wheel.settings.mode === 'accumulation' ? (wheel.tally ?? {}) : null

  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No items yet. Add some items to get started!
      </p>
    )
  }
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN)
  const last = Math.min(items.length, Math.ceil((scrollTop + VIEWPORT) / ROW) + OVERSCAN)
  return (
    <section
      className="overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-800"
      style={{ maxHeight: VIEWPORT }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid="item-list"
      aria-label={`${items.length} items`}
    >
      <div style={{ height: items.length * ROW, position: 'relative' }}>
        <div style={{ transform: `translateY(${first * ROW}px)` }}>
          {items.slice(first, last).map((item) => (
            <ItemRow key={item.id} item={item} wins={tally ? (tally[item.id] ?? 0) : undefined} />
          ))}
        </div>
      </div>
    </section>
  )
}
