import type { ReactNode } from 'react'
import { dateTimeFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { BackButton } from '../../ui/back-button'
import { usePageTitle } from '../../ui/use-page-title'

/** When the Privacy Policy and the Terms of Service last changed (July 26, 2025). */
const LAST_UPDATED = new Date(Date.UTC(2025, 6, 26))

export type LegalSection = { title: string; body: ReactNode }

/** The frame of the Privacy Policy and the Terms of Service; every text comes in the page's language. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string
  intro: string
  sections: LegalSection[]
}) {
  usePageTitle(title)
  const date = dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(LAST_UPDATED)
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Last updated: {date}', { date })}</p>
      <p className="mt-6 text-slate-700 dark:text-slate-300">{intro}</p>
      {sections.map((s, i) => (
        <section key={s.title} className="mt-8">
          <h2 className="text-xl font-semibold">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-2 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300">{s.body}</div>
        </section>
      ))}
    </article>
  )
}
