import { Pencil, Trash2 } from 'lucide-react'
import { lazy, memo, Suspense, useRef, useState } from 'react'
import { normalizeHex } from '../../../core/wheel/colors'
import type { Item } from '../../../core/wheel/model'
import { MAX_ITEM_TEXT } from '../../../core/wheel/model'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'
import { typedDirection } from '../../ui/text-input'

// Loaded when a row first shows it (Advanced, or an item with a picture): not in the first load.
const PictureButton = lazy(() => import('./picture-button').then((m) => ({ default: m.PictureButton })))
// Only in Advanced (weights): not in the first load either.
const WeightField = lazy(() => import('./weight-field').then((m) => ({ default: m.WeightField })))

/** A chance in percent with one decimal, in the page's language ("12.5%"). */
const percent = (chance: number) =>
  numberFormat({
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(chance / 100)

/** One item: colour picker, inline edit (Enter confirms, Escape cancels) and delete. */
export const ItemRow = memo(function ItemRow({
  item,
  wins,
  chance,
  advanced = false,
}: {
  item: Item
  wins?: number
  /** The item's own chance in percent, shown on weighted wheels and in Advanced. */
  chance?: number
  advanced?: boolean
}) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(item.text)
  const updateItem = useWheelStore((s) => s.updateItem)
  const removeItem = useWheelStore((s) => s.removeItem)
  // Enter or Escape in the edit field gives focus back to the row's text, not to the page's top.
  const refocus = useRef(false)

  const confirm = () => {
    const text = draft.trim()
    if (text) updateItem(item.id, { text })
    setEditing(false)
  }

  return (
    <div
      className="flex h-12 items-center gap-2 border-b border-slate-100 px-2 dark:border-slate-800"
      data-testid="item-row"
    >
      <input
        type="color"
        value={normalizeHex(item.color)}
        onChange={(e) => updateItem(item.id, { color: e.target.value })}
        aria-label={t('Colour of {item}', { item: item.text })}
        className="size-8 shrink-0 cursor-pointer rounded border-0 bg-transparent p-0"
      />
      {editing ? (
        <input
          dir={typedDirection(draft)}
          // biome-ignore lint/a11y/noAutofocus: the user asked to edit this item
          autoFocus
          value={draft}
          maxLength={MAX_ITEM_TEXT}
          aria-label={t('Edit {item}', { item: item.text })}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={confirm}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Else the Enter would go on to press the row's button that takes the focus back.
              e.preventDefault()
              refocus.current = true
              confirm()
            }
            if (e.key === 'Escape') {
              e.stopPropagation()
              refocus.current = true
              setDraft(item.text)
              setEditing(false)
            }
          }}
          className="min-w-0 flex-1 rounded border border-brand-500 bg-white px-2 py-1 text-sm dark:bg-slate-800"
        />
      ) : (
        <button
          type="button"
          ref={(button) => {
            if (!button || !refocus.current) return
            refocus.current = false
            button.focus()
          }}
          onClick={() => {
            setDraft(item.text)
            setEditing(true)
          }}
          className="group flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1 text-start text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          aria-label={t('Edit {item}', { item: item.text })}
        >
          <span className="truncate">
            <bdi>{item.text}</bdi>
          </span>
          <Pencil aria-hidden className="size-3.5 shrink-0 opacity-0 group-hover:opacity-60" />
        </button>
      )}
      {advanced && (
        <Suspense fallback={<span className="w-12 shrink-0" />}>
          <WeightField item={item} />
        </Suspense>
      )}
      {chance !== undefined && (
        <span
          className="w-12 shrink-0 text-end text-xs tabular-nums text-slate-600 dark:text-slate-300"
          title={t('Chance')}
        >
          {percent(chance)}
        </span>
      )}
      {wins !== undefined && (
        <span
          className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
          title={t('Wins')}
        >
          {t('{wins, plural, one {# win} other {# wins}}', { wins })}
        </span>
      )}
      {(advanced || item.image) && (
        <Suspense fallback={<span className="size-9 shrink-0" />}>
          <PictureButton
            label={t('Picture for {item}', { item: item.text })}
            title={t('Picture for {item}', { item: item.text })}
            image={item.image}
            onChange={(image) => updateItem(item.id, { image })}
          />
        </Suspense>
      )}
      <button
        type="button"
        onClick={(e) => {
          // Focus moves to the next row's Delete (the previous row's after the last), which stay;
          // after the only item, to the field that adds one.
          const row = e.currentTarget.parentElement
          const next = row?.nextElementSibling ?? row?.previousElementSibling
          const target =
            next?.querySelector<HTMLElement>('[data-delete-item]') ?? document.getElementById('new-item')
          target?.focus()
          removeItem(item.id)
        }}
        aria-label={t('Delete {item}', { item: item.text })}
        data-delete-item
        className="inline-flex size-9 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  )
})
