import { Crown } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { usePlan } from '../../state/use-plan'
import { usePageTitle } from '../../ui/use-page-title'
import { ContactForm } from './contact-form'

export function Component() {
  usePageTitle(t('Contact Us'))
  const { isPremium } = usePlan()
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('Contact Us')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {tx(
          'Questions, ideas or trouble with a wheel? Write to us and we will reply within 24 hours. Many answers are already in the <0>FAQ</0>.',
          [<Link key="faq" to="/faq" className="font-medium text-brand-700 underline dark:text-brand-100" />],
        )}
      </p>
      {isPremium && (
        <p
          className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="priority-support"
        >
          <Crown aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(
              'As a Premium user you get priority support: your message goes to the front of our queue while you are signed in.',
            )}
          </span>
        </p>
      )}
      <ContactForm />
    </div>
  )
}
