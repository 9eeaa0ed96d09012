import { useState } from 'react'
import type { Item } from '../../../core/wheel/model'
import { parseWeight, weightOf } from '../../../core/wheel/weights'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'

/**
 * An item's weight (Advanced): a whole number 1–100. Enter or leaving the field applies it; a
 * value outside 1–100 or not whole is refused with a message and changes nothing.
 */
export function WeightField({ item }: { item: Item }) {
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const errorId = `weight-error-${item.id}`

  const apply = () => {
    if (draft === null) return
    const parsed = parseWeight(draft)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    useWheelStore.getState().setItemWeight(item.id, parsed.weight)
    setDraft(null)
    setError(null)
  }

  return (
    <span className="relative shrink-0">
      <input
        type="text"
        inputMode="numeric"
        value={draft ?? String(weightOf(item))}
        aria-label={t('Weight of {item}', { item: item.text })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setDraft(e.target.value)
          setError(null)
        }}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply()
          if (e.key === 'Escape') {
            setDraft(null)
            setError(null)
          }
        }}
        className={`w-12 rounded border bg-white px-1.5 py-1 text-center text-sm dark:bg-slate-800 ${
          error ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'
        }`}
      />
      {error && (
        <span
          id={errorId}
          role="alert"
          className="absolute end-0 top-full z-10 mt-1 w-56 rounded border border-red-300 bg-red-50 p-2 text-xs font-medium text-red-800 shadow dark:border-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {t(error)}
        </span>
      )}
    </span>
  )
}
