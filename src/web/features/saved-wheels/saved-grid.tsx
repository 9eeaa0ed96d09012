import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
import type { WheelSummary } from '../../../core/wheel/summary'
import { t } from '../../i18n/i18n'

/** Up to this many wheels every card is in the page (find-in-page works); above it, only those near the screen. */
export const WINDOW_FROM = 60
/** Rows kept above and below the visible ones, so a fast scroll rarely shows a gap. */
const OVERSCAN = 3
/** The grid's gap (Tailwind gap-4) and a first guess at a card's height, measured once one shows. */
const GAP = 16
const ROW_GUESS = 176
const GRID = 'mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])'

type Props = { wheels: readonly WheelSummary[]; renderCard(wheel: WheelSummary): ReactNode }

/** The saved wheels' cards (decision 0019): the whole list when short, a window of it when long. */
export function SavedGrid({ wheels, renderCard }: Props) {
  if (wheels.length <= WINDOW_FROM)
    return (
      <ul className={GRID} aria-label={t('Saved wheels')}>
        {wheels.map((wheel) => (
          <li key={wheel.id}>{renderCard(wheel)}</li>
        ))}
      </ul>
    )
  return <WindowedGrid wheels={wheels} renderCard={renderCard} />
}

/** The number of columns the grid classes above give at this width. */
const columnsNow = () =>
  typeof matchMedia === 'undefined'
    ? 1
    : matchMedia('(min-width: 64rem)').matches
      ? 3
      : matchMedia('(min-width: 40rem)').matches
        ? 2
        : 1

type Range = { from: number; to: number }

/**
 * Only the rows near the screen are rendered; padding above and below keeps the page as tall as the
 * whole grid, so the scroll bar and scrolling behave as with every card there. Each item says its
 * place in the whole list (aria-posinset / aria-setsize). Tab from the last card rendered (or
 * Shift+Tab from the first) renders the next row first, so the keyboard walks the whole list.
 */
function WindowedGrid({ wheels, renderCard }: Props) {
  const list = useRef<HTMLUListElement>(null)
  const [columns, setColumns] = useState(columnsNow)
  const [rowHeight, setRowHeight] = useState(ROW_GUESS)
  const rows = Math.ceil(wheels.length / columns)
  const [range, setRange] = useState<Range>(() => ({
    from: 0,
    to: Math.min(
      rows,
      Math.ceil((typeof innerHeight === 'number' ? innerHeight : 800) / ROW_GUESS) + OVERSCAN,
    ),
  }))

  const follow = useCallback(() => {
    const top = list.current?.getBoundingClientRect().top ?? 0
    const from = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN)
    const to = Math.min(rows, Math.max(from + 1, Math.ceil((innerHeight - top) / rowHeight) + OVERSCAN))
    setRange((r) => (r.from === from && r.to === to ? r : { from, to }))
  }, [rowHeight, rows])

  useLayoutEffect(follow, [follow])
  useEffect(() => {
    const onResize = () => {
      setColumns(columnsNow())
      follow()
    }
    addEventListener('scroll', follow, { passive: true })
    addEventListener('resize', onResize)
    return () => {
      removeEventListener('scroll', follow)
      removeEventListener('resize', onResize)
    }
  }, [follow])

  // The real row height, from a rendered card (cards of one row share their row's height): measured
  // when the columns change and whenever the rendered rows change size (a card drawn first from the
  // wheels' summaries, then from the wheels; the fonts arriving), not after every render, which
  // would force a layout each time. A height measured once and kept while the cards changed made the
  // padding that stands for the rows above wrong on every row: a card reached with Tab could be
  // pushed out of view as the rows above it gave way to padding.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the columns change
  useLayoutEffect(() => {
    const measure = () => {
      const first = list.current?.firstElementChild
      if (!first) return
      const measured = first.getBoundingClientRect().height + GAP
      if (measured > GAP) setRowHeight((now) => (Math.abs(measured - now) > 0.5 ? measured : now))
    }
    measure()
    if (typeof ResizeObserver === 'undefined' || !list.current) return
    // The list's content box: it changes with the rendered rows' heights, not with its padding.
    const observer = new ResizeObserver(measure)
    observer.observe(list.current)
    return () => observer.disconnect()
  }, [columns])

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'Tab') return
    const item = (event.target as HTMLElement).closest('li')
    const focusables = item ? [...item.querySelectorAll<HTMLElement>(FOCUSABLE)] : []
    if (!event.shiftKey && item === list.current?.lastElementChild && event.target === focusables.at(-1))
      flushSync(() => setRange((r) => ({ ...r, to: Math.min(rows, r.to + 1) })))
    if (event.shiftKey && item === list.current?.firstElementChild && event.target === focusables[0])
      flushSync(() => setRange((r) => ({ ...r, from: Math.max(0, r.from - 1) })))
  }

  const from = Math.min(range.from, rows)
  const to = Math.min(Math.max(range.to, from), rows)
  const shown = wheels.slice(from * columns, to * columns)
  return (
    <ul
      ref={list}
      className={GRID}
      aria-label={t('Saved wheels')}
      onKeyDown={onKeyDown}
      style={{ paddingTop: from * rowHeight, paddingBottom: (rows - to) * rowHeight }}
    >
      {shown.map((wheel, i) => (
        <li key={wheel.id} aria-setsize={wheels.length} aria-posinset={from * columns + i + 1}>
          {renderCard(wheel)}
        </li>
      ))}
    </ul>
  )
}
