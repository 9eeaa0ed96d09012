import { ChevronDown } from 'lucide-react'
import { useId, useState } from 'react'
/** One question and its answer. */
export type Faq = { q: string; a: string }

/** One entry open at a time; clicking the open one closes it. */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  const [open, setOpen] = useState<number | null>(null)
  const id = useId()
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {faqs.map((faq, i) => {
        const isOpen = open === i
        return (
          <div key={faq.q}>
            <h3>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={`${id}-${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-4 py-3 text-start font-semibold"
              >
                {faq.q}
                <ChevronDown
                  aria-hidden
                  className={`size-5 shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div id={`${id}-${i}`} hidden={!isOpen} className="px-4 pb-4 text-slate-700 dark:text-slate-300">
              {faq.a}
            </div>
          </div>
        )
      })}
    </div>
  )
}
