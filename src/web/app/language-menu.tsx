import { Languages } from 'lucide-react'
import { useId } from 'react'
import { isLocale, LOCALE_INFO, LOCALES } from '../../core/i18n/locales'
import { currentLocale, t } from '../i18n/i18n'
import { switchLanguage } from './switch-language'

/**
 * The language menu of the header and the footer: the ten languages, each by its own name.
 * Choosing one loads this page in it (switch-language.ts).
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const id = useId()
  return (
    <div className={`inline-flex items-center gap-1.5 ${className}`}>
      <Languages aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
      <label htmlFor={id} className="sr-only">
        {t('Language')}
      </label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(event) => {
          const locale = event.target.value
          if (isLocale(locale)) void switchLanguage(locale)
        }}
        className="max-w-44 rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </select>
    </div>
  )
}
