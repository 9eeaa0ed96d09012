import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Wheel } from '../../../core/wheel/model'
import { chances, isWeighted } from '../../../core/wheel/weights'
import { t } from '../../i18n/i18n'
import { useEditorPrefs } from '../../state/editor-prefs'
import { ItemRow } from './item-row'

const ROW = 48
const VIEWPORT = 432
const OVERSCAN = 6

/** The item list. Long lists are virtualised: only the rows in view (plus a few) are rendered. */
export function ItemList({ wheel }: { wheel: Wheel }) {
  const [scrollTop, setScrollTop] = useState(0)
  const items = wheel.items
  const listRef = useRef<HTMLElement>(null)
  const previous = useRef(items)

  // Items added at the end scroll into view (they may be outside the rendered window); a wheel
  // replaced whole (a preset, an import) keeps the list where it is.
  useLayoutEffect(() => {
    const before = previous.current
    previous.current = items
    const list = listRef.current
    const appended =
      items.length > before.length &&
      (before.length === 0 || items[before.length - 1]?.id === before[before.length - 1]?.id)
    if (list && appended && before.length > 0) list.scrollTop = list.scrollHeight
  }, [items])
  const tally = wheel.settings.mode === 'accumulation' ? (wheel.tally ?? {}) : null
  const advanced = useEditorPrefs((s) => s.advanced)
  const chance = useMemo(() => (advanced || isWeighted(items) ? chances(items) : null), [advanced, items])

  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {t('No items yet. Add some items to get started!')}
      </p>
    )
  }
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN)
  const last = Math.min(items.length, Math.ceil((scrollTop + VIEWPORT) / ROW) + OVERSCAN)
  return (
    <section
      ref={listRef}
      className="overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-800"
      style={{ maxHeight: VIEWPORT }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid="item-list"
      aria-label={t('{count, plural, one {# item} other {# items}}', { count: items.length })}
    >
      <div style={{ height: items.length * ROW, position: 'relative' }}>
        <div style={{ transform: `translateY(${first * ROW}px)` }}>
          {items.slice(first, last).map((item, k) => (
            <ItemRow
              key={item.id}
              item={item}
              wins={tally ? (tally[item.id] ?? 0) : undefined}
              chance={chance ? chance[first + k] : undefined}
              advanced={advanced}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
