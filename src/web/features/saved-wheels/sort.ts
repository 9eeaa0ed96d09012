import { msg } from '../../../core/i18n/message-id'
import type { WheelSummary } from '../../../core/wheel/summary'

export const SORTS = {
  updated: msg('Last Modified'),
  created: msg('Date Created'),
  name: msg('Name A-Z'),
} as const
export type SortKey = keyof typeof SORTS

const time = (value: string | undefined) => (value ? Date.parse(value) || 0 : 0)

/**
 * Saved wheels matching the search, in the chosen order. The name always counts; `itemTexts`
 * gives a wheel's item texts (lower case) once the full wheels are read, so items count too.
 */
export function visibleWheels(
  wheels: readonly WheelSummary[],
  query: string,
  sort: SortKey,
  itemTexts?: (id: string) => readonly string[] | undefined,
): WheelSummary[] {
  const needle = query.trim().toLowerCase()
  const found = needle
    ? wheels.filter(
        (w) =>
          w.name.toLowerCase().includes(needle) || !!itemTexts?.(w.id)?.some((text) => text.includes(needle)),
      )
    : [...wheels]
  if (sort === 'name')
    return found.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
  const key = sort === 'created' ? 'createdAt' : 'updatedAt'
  return found.sort((a, b) => time(b[key]) - time(a[key]))
}
