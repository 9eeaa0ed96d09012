import { MailCheck } from 'lucide-react'
import { TRIAL_DAYS } from '../../../core/billing/trial'
import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { buttonClass } from '../../ui/button-class'

export const TRIAL_JOURNEY_WORDS = {
  checkEmail: 'Check your email',
  sent: (email: string) => `We sent a confirmation link to ${email}.`,
  unlock: `One click on it confirms your address and unlocks your ${TRIAL_DAYS}-day free trial; the link brings you back here.`,
  withoutTrial: 'Subscribe now without the trial',
  withoutTrialNote: `Without the trial, the first $${PREMIUM_PLAN.price} ${PREMIUM_PLAN.currency} is charged today.`,
  confirmed: `Your email address is confirmed. Your ${TRIAL_DAYS}-day free trial is ready: press Subscribe Now to start it.`,
  confirmedNoTrial: 'Your email address is confirmed.',
  linkFailed: 'This confirmation link has expired or was already used.',
} as const

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
  const w = TRIAL_JOURNEY_WORDS
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
          {busy ? 'Processing...' : w.withoutTrial}
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
  const w = TRIAL_JOURNEY_WORDS
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
