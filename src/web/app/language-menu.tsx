import { Languages } from 'lucide-react'
import { useId } from 'react'
import { isLocale, LOCALE_INFO, LOCALES } from '../../core/i18n/locales'
import { currentLocale, t } from '../i18n/i18n'
import { Select } from '../ui/text-input'
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
      <Select
        id={id}
        value={currentLocale()}
        onChange={(event) => {
          const locale = event.target.value
          if (isLocale(locale)) void switchLanguage(locale)
        }}
        className="max-w-44 text-sm"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </Select>
    </div>
  )
}
