import type { Wheel } from '../../core/wheel/model'
import { t } from '../i18n/i18n'

/**
 * The default wheel in the page's language: a first visit or a new wheel in Japanese starts as
 * "マイルーレット" with "選択肢 1"…"選択肢 6", not the core's English words (issue 38). From then
 * on they are the user's own words, never translated again. The same wheel (the same object) in
 * English, or before the language's words have arrived.
 */
export function inPageLanguage(wheel: Wheel): Wheel {
  const name = t('My Wheel')
  const items = wheel.items.map((item, i) => {
    const text = t('Option {number}', { number: String(i + 1) })
    return text === item.text ? item : { ...item, text }
  })
  if (name === wheel.name && items.every((item, i) => item === wheel.items[i])) return wheel
  return { ...wheel, name, items }
}
