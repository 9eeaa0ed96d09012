import { Copy } from 'lucide-react'
import { useState } from 'react'
import { t } from '../../i18n/i18n'
import { useRevealedDraw } from '../../state/draw-spin'

/** In the winner modal after a verifiable draw: the /draw/<id> link anyone can open, and Copy. */
export function VerifyThisDraw() {
  const id = useRevealedDraw((s) => s.id)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  if (!id) return null
  const url = `${window.location.origin}/draw/${id}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <div className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950">
      <p className="font-semibold">{t('Verify this draw')}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {t('Anyone can check this result in their own browser:')}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="min-w-0 flex-1 truncate font-mono text-xs text-brand-700 underline dark:text-brand-100"
        >
          {url}
        </a>
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold hover:bg-white dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <Copy aria-hidden className="size-3.5" />
          {t('Copy')}
        </button>
      </div>
      {copied && (
        <p role="status" className="mt-1 text-xs">
          {copied === 'yes' ? t('Link copied.') : t('Could not copy: select the link and copy it.')}
        </p>
      )}
    </div>
  )
}
