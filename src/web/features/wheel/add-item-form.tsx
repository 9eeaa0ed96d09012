import { Plus } from 'lucide-react'
import { useState } from 'react'
import { itemLimitText } from '../../../core/plan/plan'
import { MAX_ITEM_TEXT, MAX_ITEMS } from '../../../core/wheel/model'
import { isMultiLine } from '../../../core/wheel/multi-line'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { useWheelStore } from '../../state/wheel-store'
import { TextInput } from '../../ui/text-input'

/** Adds an item (trimmed, non-empty; Enter adds). Free users stop at their limit. */
export function AddItemForm({ count, maxItems }: { count: number; maxItems: number }) {
  const [text, setText] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const limit = Math.min(maxItems, MAX_ITEMS)
  const atLimit = count >= limit
  const freeLimit = Number.isFinite(maxItems)

  const submit = () => {
    if (atLimit) {
      const limitText = itemLimitText(maxItems)
      setMessage(
        freeLimit
          ? t(limitText.message, limitText.values)
          : t('A wheel can hold at most {max, number} items.', { max: MAX_ITEMS }),
      )
      return
    }
    const trimmed = text.trim()
    if (!trimmed) {
      setMessage(t('Type the text of the item first.'))
      return
    }
    useWheelStore.getState().addItem(trimmed)
    setText('')
    setMessage(null)
  }

  return (
    <div>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <label htmlFor="new-item" className="sr-only">
          {t('New item')}
        </label>
        <TextInput
          id="new-item"
          value={text}
          maxLength={MAX_ITEM_TEXT}
          disabled={atLimit}
          onChange={(e) => {
            setText(e.target.value)
            setMessage(null)
          }}
          onPaste={(e) => {
            // Several lines pasted at once become several items, as in Add many.
            const pasted = e.clipboardData.getData('text')
            if (!isMultiLine(pasted)) return
            e.preventDefault()
            // The line parser loads with the first paste of several lines (not in the first load).
            void import('./add-lines').then(({ addLines }) => setMessage(addLines(pasted, maxItems).message))
          }}
          placeholder={atLimit ? t('Item limit reached') : t('Add an item, press Enter')}
          className="min-w-0 flex-1 text-sm disabled:cursor-not-allowed disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={atLimit}
          aria-describedby={atLimit ? 'item-limit-reason' : undefined}
          className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600"
        >
          <Plus aria-hidden className="size-4" />
          {t('Add')}
        </button>
      </form>
      {atLimit && !freeLimit && (
        <p id="item-limit-reason" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {tx(
            '<0>Item limit reached</0>. A wheel can hold at most {max, number} items.',
            [<strong key="reason" />],
            {
              max: MAX_ITEMS,
            },
          )}
        </p>
      )}
      {atLimit && freeLimit && (
        <div
          id="item-limit-reason"
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {tx(
            '<0>Item limit reached</0>. Free wheels hold up to {limit} items. <1>Upgrade to Premium</1> for up to {max, number} items.',
            [
              <strong key="reason" />,
              <Link key="upgrade" to="/subscription" className="font-semibold underline" />,
            ],
            { limit: maxItems, max: MAX_ITEMS },
          )}
        </div>
      )}
      {message && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </div>
  )
}
