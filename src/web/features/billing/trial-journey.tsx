import { MailCheck } from 'lucide-react'
import { TRIAL_DAYS } from '../../../core/billing/trial'
import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { buttonClass } from '../../ui/button-class'

/** The trial journey's words, in the page's language (read at render time). */
export const trialJourneyWords = () => ({
  checkEmail: t('Check your email'),
  sent: (email: string) => t('We sent a confirmation link to {email}.', { email }),
  unlock: t(
    'One click on it confirms your address and unlocks your {days}-day free trial; the link brings you back here.',
    { days: TRIAL_DAYS },
  ),
  withoutTrial: t('Subscribe now without the trial'),
  withoutTrialNote: t('Without the trial, the first {price} {currency} is charged today.', {
    price: money(PREMIUM_PLAN.price),
    currency: PREMIUM_PLAN.currency,
  }),
  confirmed: t(
    'Your email address is confirmed. Your {days}-day free trial is ready: press Subscribe Now to start it.',
    { days: TRIAL_DAYS },
  ),
  confirmedNoTrial: t('Your email address is confirmed.'),
  linkFailed: t('This confirmation link has expired or was already used.'),
})

/** After Subscribe Now, for an account whose address is not confirmed: the mail unlocks the trial. */
export function CheckEmailPanel({
  email,
  busy,
  onSubscribeWithoutTrial,
}: {
  email: string
  busy: boolean
  onSubscribeWithoutTrial: () => void
}) {
  const w = trialJourneyWords()
  return (
    <section
      aria-labelledby="check-email-heading"
      className="mx-auto mt-6 max-w-2xl rounded-2xl bg-sky-50 p-5 text-sky-950 ring-1 ring-sky-200 dark:bg-sky-950 dark:text-sky-50 dark:ring-sky-800"
    >
      <h2 id="check-email-heading" className="flex items-center gap-2 text-lg font-bold">
        <MailCheck aria-hidden className="size-5" />
        {w.checkEmail}
      </h2>
      <p className="mt-2">{w.sent(email)}</p>
      <p className="mt-1">{w.unlock}</p>
      <div className="mt-4 border-t border-sky-200 pt-4 dark:border-sky-800">
        <p className="text-sm">{w.withoutTrialNote}</p>
        <button
          type="button"
          onClick={onSubscribeWithoutTrial}
          disabled={busy}
          className={buttonClass('outline', 'md', 'mt-2')}
        >
          {busy ? t('Processing...') : w.withoutTrial}
        </button>
      </div>
    </section>
  )
}

/** What the address confirmation link says when it returns to /subscription. */
export function ConfirmationNote({
  outcome,
  trialReady,
}: {
  outcome: 'confirmed' | 'failed'
  trialReady: boolean
}) {
  const w = trialJourneyWords()
  const ok = outcome === 'confirmed'
  return (
    <p
      role="status"
      className={`mx-auto mt-6 max-w-2xl rounded-lg px-4 py-3 ${
        ok
          ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
          : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
      }`}
    >
      {ok ? (trialReady ? w.confirmed : w.confirmedNoTrial) : w.linkFailed}
    </p>
  )
}
