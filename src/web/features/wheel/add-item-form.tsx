import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { itemLimitMessage } from '../../../core/plan/plan'
import { createItem, MAX_ITEM_TEXT, MAX_ITEMS, PALETTE } from '../../../core/wheel/model'
import { useWheelStore } from './wheel-store'

/** Adds an item (trimmed, non-empty; Enter adds). Free users stop at their limit. */
export function AddItemForm({ count, maxItems }: { count: number; maxItems: number }) {
  const [text, setText] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const addItem = useWheelStore((s) => s.addItem)
  const limit = Math.min(maxItems, MAX_ITEMS)
  const atLimit = count >= limit
  const freeLimit = Number.isFinite(maxItems)

  const submit = () => {
    if (atLimit) {
      setMessage(
        freeLimit
          ? itemLimitMessage(maxItems)
          : `A wheel can hold at most ${MAX_ITEMS.toLocaleString()} items.`,
      )
      return
    }
    const trimmed = text.trim()
    if (!trimmed) {
      setMessage('Type the text of the item first.')
      return
    }
    addItem(createItem(trimmed, PALETTE[count % PALETTE.length]))
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
          New item
        </label>
        <input
          id="new-item"
          value={text}
          maxLength={MAX_ITEM_TEXT}
          disabled={atLimit}
          onChange={(e) => {
            setText(e.target.value)
            setMessage(null)
          }}
          placeholder={atLimit ? 'Item limit reached' : 'Add an item, press Enter'}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800"
        />
        <button
          type="submit"
          aria-disabled={atLimit}
          className={`inline-flex items-center gap-1 rounded-lg px-4 py-2 text-sm font-semibold text-white ${
            atLimit ? 'cursor-not-allowed bg-slate-400 dark:bg-slate-600' : 'bg-brand-600 hover:bg-brand-700'
          }`}
        >
          <Plus aria-hidden className="size-4" />
          Add
        </button>
      </form>
      {atLimit && freeLimit && (
        <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <strong>Item limit reached</strong>. Free wheels hold up to {maxItems} items.{' '}
          <Link to="/subscription" className="font-semibold underline">
            Upgrade to Premium
          </Link>{' '}
          for unlimited items.
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
