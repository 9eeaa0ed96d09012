import type { Wheel } from '../../../core/wheel/model'

export const SORTS = { updated: 'Last Modified', created: 'Date Created', name: 'Name A-Z' } as const
export type SortKey = keyof typeof SORTS

const time = (value: string | undefined) => (value ? Date.parse(value) || 0 : 0)

/** Saved wheels matching the search (name or item text), in the chosen order. */
export function visibleWheels(wheels: readonly Wheel[], query: string, sort: SortKey): Wheel[] {
  const needle = query.trim().toLowerCase()
  const found = needle
    ? wheels.filter(
        (w) =>
          w.name.toLowerCase().includes(needle) || w.items.some((i) => i.text.toLowerCase().includes(needle)),
      )
    : [...wheels]
  if (sort === 'name')
    return found.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
  const key = sort === 'created' ? 'createdAt' : 'updatedAt'
  return found.sort((a, b) => time(b[key]) - time(a[key]))
}
