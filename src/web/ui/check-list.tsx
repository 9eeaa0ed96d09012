import { Check, X } from 'lucide-react'
import { t } from '../i18n/i18n'

/**
 * A list of what a plan includes (ticks) and, when given, what it leaves out (crosses). A list
 * with both (or `announce`) says "(included)" / "(not included)" to screen readers too, since the
 * icons are hidden.
 */
export function CheckList({
  items,
  excluded = [],
  className = 'mt-6 space-y-2 text-sm',
  announce = excluded.length > 0,
}: {
  items: readonly string[]
  excluded?: readonly string[]
  className?: string
  announce?: boolean
}) {
  const rows = [
    ...items.map((item) => [item, true] as const),
    ...excluded.map((item) => [item, false] as const),
  ]
  return (
    <ul className={className}>
      {rows.map(([item, included]) => (
        <li key={item} className={`flex gap-2 ${included ? '' : 'text-slate-600 dark:text-slate-400'}`}>
          {included ? (
            <Check aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <X aria-hidden className="size-5 shrink-0 text-slate-400 dark:text-slate-500" />
          )}
          <span>
            {item}
            {announce && (
              <span className="sr-only">{` ${included ? t('(included)') : t('(not included)')}`}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}
