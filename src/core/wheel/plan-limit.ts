import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import type { Wheel } from './model'

/** What loading a saved wheel under an item limit gave: the wheel to open, and what was left out. */
export type LimitedLoad = { wheel: Wheel; kept: number; total: number }

/**
 * A saved wheel opened under an item limit (the free plan's 15 after premium lapsed): the first
 * `maxItems` items, in order, and their tallies. A wheel that had to be cut opens as a new, unsaved
 * copy (id null, no timestamps): saving it later, once premium is back, never overwrites the saved
 * wheel with fewer items. A wheel within the limit opens as it is.
 */
export function loadWithinLimit(wheel: Wheel, maxItems: number): LimitedLoad {
  const total = wheel.items.length
  if (total <= maxItems) return { wheel, kept: total, total }
  const items = wheel.items.slice(0, Math.max(0, Math.floor(maxItems)))
  const ids = new Set(items.map((i) => i.id))
  const tally = wheel.tally
    ? Object.fromEntries(Object.entries(wheel.tally).filter(([id]) => ids.has(id)))
    : undefined
  const { createdAt: _created, updatedAt: _updated, ...rest } = wheel
  const cut: Wheel = { ...rest, id: null, items, ...(tally ? { tally } : {}) }
  return { wheel: cut, kept: items.length, total }
}

/** What the user is told when a wheel was cut on load; null when nothing was left out. */
export function limitedLoadMessage(name: string, load: LimitedLoad): string | null {
  if (load.kept >= load.total) return null
  const left = load.total - load.kept
  return `Loaded the first ${load.kept} of ${load.total} items of “${name}”: the free plan holds up to ${load.kept} items per wheel, so ${left} ${left === 1 ? 'item was' : 'items were'} left out. The saved wheel keeps all ${load.total}; renew Premium to use them all.`
}

/** limitedLoadMessage for a page that shows it in its language. */
export function limitedLoadText(name: string, load: LimitedLoad): Message | null {
  if (load.kept >= load.total) return null
  return {
    message: msg(
      'Loaded the first {kept} of {total} items of “{name}”: the free plan holds up to {kept} items per wheel, so {left, plural, one {{left} item was} other {{left} items were}} left out. The saved wheel keeps all {total}; renew Premium to use them all.',
    ),
    values: { kept: load.kept, total: load.total, name, left: load.total - load.kept },
  }
}
