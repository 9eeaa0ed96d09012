import { createItem, MAX_ITEMS } from '../../../core/wheel/model'
import { colorsForAppended } from '../../../core/wheel/neighbour-colors'
import { itemRoom } from '../../../core/wheel/operations'
import { parseLines, pasteSummaryText } from '../../../core/wheel/paste'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'

export type AddLinesOutcome = { added: number; message: string | null; error: boolean }

/**
 * Adds each non-empty line of `text` as an item (Add many, or a paste of several lines), as far
 * as the plan allows, in colours that differ from their neighbours. One Undo takes them all back.
 */
export function addLines(text: string, maxItems: number): AddLinesOutcome {
  const wheel = useWheelStore.getState().currentWheel
  const room = itemRoom(wheel, maxItems)
  const parsed = parseLines(text, room)
  if (!parsed.ok) return { added: 0, message: t(parsed.error), error: true }
  if (parsed.lines === 0)
    return { added: 0, message: t('There are no lines to add: every line is empty.'), error: true }
  const free = Number.isFinite(maxItems)
  const parts = pasteSummaryText(parsed, { maxItems: Math.min(maxItems, MAX_ITEMS), free })
  const summary = parts.length ? parts.map((part) => t(part.message, part.values)).join(' ') : null
  if (parsed.texts.length === 0) return { added: 0, message: summary, error: true }
  const colors = colorsForAppended(wheel.items, parsed.texts.length, wheel.look?.palette)
  const items = parsed.texts.map((t, i) => createItem(t, colors[i]))
  useWheelStore.getState().pasteItems(items)
  return { added: items.length, message: summary, error: false }
}
