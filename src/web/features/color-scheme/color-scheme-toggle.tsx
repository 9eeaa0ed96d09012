import { Moon, Sun } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { useColorScheme } from './color-scheme'

export function ColorSchemeToggle() {
  const [scheme, toggle] = useColorScheme()
  const label = scheme === 'dark' ? t('Switch to light mode') : t('Switch to dark mode')
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {/* Both icons, chosen by the stylesheet, so a prerendered page shows the right one before React runs. */}
      <Sun aria-hidden className="hidden size-5 dark:block" />
      <Moon aria-hidden className="size-5 dark:hidden" />
    </button>
  )
}
