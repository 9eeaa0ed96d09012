import { useState } from 'react'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { BackButton } from '../../ui/back-button'
import { buttonClass } from '../../ui/button-class'
import { FaqAccordion } from '../../ui/faq-accordion'
import { SearchField } from '../../ui/search-field'
import { usePageTitle } from '../../ui/use-page-title'
import { FAQS, searchFaqs, translatedFaqs } from './faq-data'

export function Component() {
  usePageTitle(t('FAQ'))
  const [query, setQuery] = useState('')
  // The search reads what the visitor sees: the entries in the page's language.
  const faqs = translatedFaqs(FAQS)
  const results = searchFaqs(faqs, query)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">{t('Frequently asked questions')}</h1>
      <SearchField
        id="faq-search"
        label={t('Search the FAQ')}
        value={query}
        onChange={setQuery}
        placeholder={t('Search questions and answers')}
        className="relative mt-6"
      />
      <h2 className="mt-6 text-sm font-medium text-slate-600 dark:text-slate-400" aria-live="polite">
        {results.length === faqs.length
          ? t('{total, plural, one {All # question} other {All # questions}}', { total: faqs.length })
          : t('{count, plural, one {# of {total} questions match} other {# of {total} questions match}}', {
              count: results.length,
              total: faqs.length,
            })}
      </h2>
      <div className="mt-3">
        {results.length ? (
          <FaqAccordion key={query} faqs={results} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('No FAQs found')}
          </p>
        )}
      </div>
      <div className="mt-10 rounded-xl bg-brand-50 p-6 text-center dark:bg-slate-900">
        <h2 className="text-xl font-bold">{t('Still have a question?')}</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('We reply within 24 hours.')}</p>
        <Link to="/contact" className={buttonClass('primary', 'md', 'mt-4')}>
          {t('Contact Support')}
        </Link>
      </div>
    </div>
  )
}
