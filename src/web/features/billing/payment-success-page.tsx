import { CircleCheck, CircleX, LogIn, Printer, Sparkles } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { openAuthModal } from '../../state/auth-modal-store'
import { usePageTitle } from '../../ui/use-page-title'
import type { Receipt } from './payment-return'
import { isPremiumPlan, planLabel, ReceiptCard } from './receipt-card'
import { usePaymentReturn } from './use-payment-return'
import './receipt-print.css'
import { TRIAL_DAYS } from '../../../core/billing/trial'
import { useTrial } from '../../state/use-trial'
import { buttonClass } from '../../ui/button-class'
import { fullDate } from '../../ui/long-date'
import { unlockedTexts } from './plan-texts'
import { TestModeNotice } from './test-mode-notice'

/** Moves focus to the heading when the state changes, so a screen reader hears the outcome. */
function Heading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h1 ref={ref} tabIndex={-1} className="mt-4 text-3xl font-bold outline-none">
      {children}
    </h1>
  )
}

function Processing() {
  return (
    <div role="status" className="py-16 text-center">
      <span
        aria-hidden
        className="mx-auto block size-12 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
      />
      <h1 className="mt-6 text-2xl font-bold">{t('Processing Subscription...')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t('Confirming your subscription with the payment provider. This takes a moment.')}
      </p>
    </div>
  )
}

function SignInFirst() {
  return (
    <div className="py-16 text-center">
      <LogIn aria-hidden className="mx-auto size-12 text-brand-600 dark:text-brand-500" />
      <Heading>{t('Sign in to finish subscribing')}</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t(
          'Your payment was approved. Sign in to the account you subscribed with, and we will activate your plan right away.',
        )}
      </p>
      <button
        type="button"
        onClick={() => openAuthModal('login')}
        className={buttonClass('primary', 'md', 'mt-6')}
      >
        {t('Sign In')}
      </button>
    </div>
  )
}

const pendingTitle = (pending: 'payment' | 'subscription' | undefined) =>
  pending === 'payment'
    ? t('Payment Pending')
    : pending === 'subscription'
      ? t('Activating Subscription')
      : null

/** A failure, or a payment PayPal is still reviewing (no second payment is offered then). */
function Failed({ message, pending }: { message: string; pending?: 'payment' | 'subscription' | undefined }) {
  return (
    <div className="py-16 text-center">
      <CircleX aria-hidden className="mx-auto size-14 text-red-600 dark:text-red-400" />
      <Heading>{pendingTitle(pending) ?? t('Subscription Failed')}</Heading>
      <p role="alert" className="mx-auto mt-3 max-w-lg break-words text-red-800 dark:text-red-200">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!pending && (
          <Link to="/subscription" className={buttonClass('primary')}>
            {t('Try Again')}
          </Link>
        )}
        <Link to="/" className={buttonClass('outline')}>
          {t('Back to Home')}
        </Link>
      </div>
    </div>
  )
}

/** During the free trial: when it ends and when the first payment is taken. */
function TrialNote() {
  const trial = useTrial()?.trial
  if (!trial) return null
  return (
    <p
      className="mx-auto mt-6 max-w-xl rounded-lg bg-emerald-50 p-4 text-center text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      data-testid="trial-note"
    >
      {tx('Your {days}-day free trial ends on <0>{date}</0>.', [<strong key="date" />], {
        days: TRIAL_DAYS,
        date: fullDate(trial.endsAt),
      })}{' '}
      {trial.firstPaymentAt
        ? t(
            'The first payment of {price} {currency} is taken on {date}, then every month until you cancel. Cancel before then and nothing is charged.',
            {
              price: money(trial.amount, trial.currency),
              currency: trial.currency,
              date: fullDate(trial.firstPaymentAt),
            },
          )
        : t('You have cancelled: nothing will be charged.')}
    </p>
  )
}

function Activated({ receipt }: { receipt: Receipt }) {
  const premium = isPremiumPlan(receipt.plan)
  const unlocked = unlockedTexts(premium ? 'premium' : 'basic')
  return (
    <div className="py-8">
      <div className="text-center print:hidden">
        <CircleCheck aria-hidden className="mx-auto size-14 text-emerald-600 dark:text-emerald-400" />
        <Heading>{t('Subscription Activated!')}</Heading>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t('Thank you for subscribing. Your {plan} plan is ready to use on every device you sign in on.', {
            plan: planLabel(receipt.plan),
          })}
        </p>
      </div>
      <TrialNote />
      <div className="mt-8">
        <ReceiptCard receipt={receipt} />
      </div>
      <section
        aria-labelledby="unlocked-heading"
        className="mt-6 rounded-2xl bg-brand-50 p-6 print:hidden dark:bg-slate-900"
      >
        <h2 id="unlocked-heading" className="flex items-center gap-2 text-lg font-bold">
          <Sparkles aria-hidden className="size-5 text-amber-500" />
          {t('Features Unlocked Now')}
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {unlocked.map(({ name, limit }) => (
            <li key={name} className="flex items-center gap-2">
              <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
              <span>
                {name}
                {limit && <span className="text-sm text-slate-600 dark:text-slate-300"> ({limit})</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3 print:hidden">
        <Link to="/wheel" className={buttonClass('primary')}>
          {t('Start Using Now')}
        </Link>
        <button type="button" onClick={() => window.print()} className={buttonClass('outline')}>
          <Printer aria-hidden className="size-4" />
          {t('Print Receipt')}
        </button>
        <Link to="/" className={buttonClass('outline')}>
          {t('Back to Home')}
        </Link>
      </div>
    </div>
  )
}

/** /payment/success: where the payment provider sends the user back after approving. */
export function Component() {
  const state = usePaymentReturn()
  const title =
    state.phase === 'sign-in'
      ? t('Sign in to finish subscribing')
      : state.phase === 'processing'
        ? t('Processing Subscription...')
        : state.outcome.ok
          ? t('Subscription Activated!')
          : (pendingTitle(state.outcome.pending) ?? t('Subscription Failed'))
  usePageTitle(title)
  return (
    <div className="mx-auto max-w-2xl px-4">
      <TestModeNotice className="mt-6" />
      {state.phase === 'processing' && <Processing />}
      {state.phase === 'sign-in' && <SignInFirst />}
      {state.phase === 'done' &&
        (state.outcome.ok ? (
          <Activated receipt={state.outcome.receipt} />
        ) : (
          <Failed message={state.outcome.message} pending={state.outcome.pending} />
        ))}
    </div>
  )
}
