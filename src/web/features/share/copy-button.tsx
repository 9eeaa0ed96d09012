import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { t } from '../../i18n/i18n'

export const outlineButton =
  'inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

/** Copies a text to the clipboard and says so; when the browser refuses, says how to copy by hand. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state !== 'copied') return
    const timer = window.setTimeout(() => setState('idle'), 2000)
    return () => window.clearTimeout(timer)
  }, [state])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={className ?? outlineButton} onClick={() => void copy()}>
        {state === 'copied' ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        {label}
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {state === 'copied'
          ? t('Copied.')
          : state === 'failed'
            ? t('Copying was blocked: select the text and copy it.')
            : ''}
      </span>
    </span>
  )
}
