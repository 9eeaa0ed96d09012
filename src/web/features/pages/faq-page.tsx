import { Search } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { usePageTitle } from '../../ui/use-page-title'
import { BackButton } from './back-button'
import { FaqAccordion } from './faq-accordion'
import { FAQS, searchFaqs } from './faq-data'

export function Component() {
  usePageTitle('FAQ')
  const [query, setQuery] = useState('')
  const results = searchFaqs(FAQS, query)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">Frequently asked questions</h1>
      <div className="relative mt-6">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        />
        <label htmlFor="faq-search" className="sr-only">
          Search the FAQ
        </label>
        <input
          id="faq-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search questions and answers"
          className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
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
        <Link
          to="/contact"
          className="mt-4 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Contact Support
        </Link>
      </div>
    </div>
  )
}
