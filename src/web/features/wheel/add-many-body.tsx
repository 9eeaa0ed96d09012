import { useState } from 'react'
import { t } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { typedDirection } from '../../ui/text-input'
import { addLines } from './add-lines'

/** The open "Add many" panel: a textarea in which each non-empty line becomes an item. */
export default function AddManyBody({
  id,
  maxItems,
  onDone,
}: {
  id: string
  maxItems: number
  /** Every line went in and nothing needs saying: the panel closes. */
  onDone: () => void
}) {
  const [text, setText] = useState('')
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null)

  const add = () => {
    const outcome = addLines(text, maxItems)
    setNote(outcome.message ? { text: outcome.message, error: outcome.error } : null)
    if (!outcome.error) setText('')
    if (outcome.added > 0 && !outcome.message) onDone()
  }

  return (
    <div id={id} className="mt-2 space-y-2">
      <label htmlFor={`${id}-lines`} className="block text-sm font-medium">
        {t('Items, one per line')}
      </label>
      <textarea
        id={`${id}-lines`}
        dir={typedDirection(text)}
        value={text}
        rows={6}
        onChange={(e) => {
          setText(e.target.value)
          setNote(null)
        }}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      <Button size="sm" onClick={add}>
        {t('Add lines')}
      </Button>
      {note && (
        <p
          role={note.error ? 'alert' : 'status'}
          className={`text-sm font-medium ${note.error ? 'text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-200'}`}
        >
          {note.text}
        </p>
      )}
    </div>
  )
}
