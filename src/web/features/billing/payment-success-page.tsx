import { CircleCheck, CircleX, LogIn, Printer, Sparkles } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { usePageTitle } from '../../ui/use-page-title'
import { openAuthModal } from '../auth/auth-modal-store'
import type { Receipt } from './payment-return'
import { planLabel, ReceiptCard } from './receipt-card'
import { usePaymentReturn } from './use-payment-return'
import './receipt-print.css'

const primary =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700'
const secondary =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

/**
 * What the plan unlocks, worded for what Whirl has (the spec's Advanced Analytics, Remove Watermark
 * and Priority Support do not exist here, so they are not promised).
 */
const UNLOCKED = ['Unlimited items per wheel', 'Save wheels', 'Import and export wheels']
const UNLOCKED_PREMIUM = ['Preset library', 'Spin history with CSV export']

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
      <h1 className="mt-6 text-2xl font-bold">Processing Subscription...</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Confirming your subscription with the payment provider. This takes a moment.
      </p>
    </div>
  )
}

function SignInFirst() {
  return (
    <div className="py-16 text-center">
      <LogIn aria-hidden className="mx-auto size-12 text-brand-600 dark:text-brand-500" />
      <Heading>Sign in to finish subscribing</Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Your payment was approved. Sign in to the account you subscribed with, and we will activate your plan
        right away.
      </p>
      <button type="button" onClick={() => openAuthModal('login')} className={`${primary} mt-6`}>
        Sign In
      </button>
    </div>
  )
}

function Failed({ message }: { message: string }) {
  return (
    <div className="py-16 text-center">
      <CircleX aria-hidden className="mx-auto size-14 text-red-600 dark:text-red-400" />
      <Heading>Subscription Failed</Heading>
      <p role="alert" className="mx-auto mt-3 max-w-lg break-words text-red-800 dark:text-red-200">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/subscription" className={primary}>
          Try Again
        </Link>
        <Link to="/" className={secondary}>
          Back to Home
        </Link>
      </div>
    </div>
  )
}

function Activated({ receipt }: { receipt: Receipt }) {
  const premium = planLabel(receipt.plan) === 'Premium'
  const unlocked = premium ? [...UNLOCKED, ...UNLOCKED_PREMIUM] : UNLOCKED
  return (
    <div className="py-8">
      <div className="text-center print:hidden">
        <CircleCheck aria-hidden className="mx-auto size-14 text-emerald-600 dark:text-emerald-400" />
        <Heading>Subscription Activated!</Heading>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Thank you for subscribing. Your {planLabel(receipt.plan)} plan is ready to use on every device you
          sign in on.
        </p>
      </div>
      <div className="mt-8">
        <ReceiptCard receipt={receipt} />
      </div>
      <section
        aria-labelledby="unlocked-heading"
        className="mt-6 rounded-2xl bg-brand-50 p-6 print:hidden dark:bg-slate-900"
      >
        <h2 id="unlocked-heading" className="flex items-center gap-2 text-lg font-bold">
          <Sparkles aria-hidden className="size-5 text-amber-500" />
          Features Unlocked Now
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {unlocked.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3 print:hidden">
        <Link to="/wheel" className={primary}>
          Start Using Now
        </Link>
        <button type="button" onClick={() => window.print()} className={secondary}>
          <Printer aria-hidden className="size-4" />
          Print Receipt
        </button>
        <Link to="/" className={secondary}>
          Back to Home
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
      ? 'Sign in to finish subscribing'
      : state.phase === 'processing'
        ? 'Processing Subscription...'
        : state.outcome.ok
          ? 'Subscription Activated!'
          : 'Subscription Failed'
  usePageTitle(title)
  return (
    <div className="mx-auto max-w-2xl px-4">
      {state.phase === 'processing' && <Processing />}
      {state.phase === 'sign-in' && <SignInFirst />}
      {state.phase === 'done' &&
        (state.outcome.ok ? (
          <Activated receipt={state.outcome.receipt} />
        ) : (
          <Failed message={state.outcome.message} />
        ))}
    </div>
  )
}
