import { useState } from 'react'
import { Link } from '../../router'
import { BackButton } from '../../ui/back-button'
import { buttonClass } from '../../ui/button-class'
import { FaqAccordion } from '../../ui/faq-accordion'
import { SearchField } from '../../ui/search-field'
import { usePageTitle } from '../../ui/use-page-title'
import { FAQS, searchFaqs } from './faq-data'

export function Component() {
  usePageTitle('FAQ')
  const [query, setQuery] = useState('')
  const results = searchFaqs(FAQS, query)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">Frequently asked questions</h1>
      <SearchField
        id="faq-search"
        label="Search the FAQ"
        value={query}
        onChange={setQuery}
        placeholder="Search questions and answers"
        className="relative mt-6"
      />
      <h2 className="mt-6 text-sm font-medium text-slate-600 dark:text-slate-400" aria-live="polite">
        {results.length === FAQS.length
          ? `All ${FAQS.length} questions`
          : `${results.length} of ${FAQS.length} questions match`}
      </h2>
      <div className="mt-3">
        {results.length ? (
          <FaqAccordion key={query} faqs={results} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No FAQs found
          </p>
        )}
      </div>
      <div className="mt-10 rounded-xl bg-brand-50 p-6 text-center dark:bg-slate-900">
        <h2 className="text-xl font-bold">Still have a question?</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">We reply within 24 hours.</p>
        <Link to="/contact" className={buttonClass('primary', 'md', 'mt-4')}>
          Contact Support
        </Link>
      </div>
    </div>
  )
}
